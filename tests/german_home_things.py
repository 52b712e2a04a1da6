"""Test data shared by the engine's and the acceptance tests.

Twenty-five things a German household told (the new-user review's home,
session 15): short facts and plans, several of one shape ("… kommt am …
um … Uhr"), so that a question must find its one answer among them.
"""

from __future__ import annotations

GERMAN_HOME = (
    "Anna hat am Donnerstag, 3. Dezember um 10 Uhr einen Zahnarzttermin.",
    "Der Klempner kommt am Mittwoch, 2. Dezember um 8 Uhr.",
    "Der Klavierstimmer kommt am Montag, 30. November um 17 Uhr.",
    "Noah liebt Dinosaurier und kann Brokkoli nicht ausstehen.",
    "Der Zweitschlüssel liegt unter dem blauen Blumentopf beim Schuppen.",
    "Mia ist gegen Katzen allergisch.",
    "Die Mülltonnen werden jeden Donnerstagabend rausgestellt.",
    "Wir waren mit den Kindern im Tierpark und Noah hat die Ziegen gefüttert.",
    "Wir sind mit Oma um den Grunewaldsee gewandert.",
    "Ben hat den Platten an Mias Fahrrad geflickt.",
    "Wir haben Mias siebten Geburtstag mit einer Piratenparty gefeiert.",
    "Das WLAN-Passwort ist sonnenblume42.",
    "Oma kommt an Weihnachten zu Besuch.",
    "Noah hat seine Vorsorgeuntersuchung beim Kinderarzt.",
    "Wir hatten einen Pizzaabend zu Hause.",
    "Ben trinkt morgens am liebsten Espresso.",
    "Das Auto muss am 7. Dezember zum TÜV.",
    "Anna spielt dienstags Volleyball im Verein.",
    "Die Katze der Nachbarn heißt Minka.",
    "Der Rauchmelder im Flur braucht eine neue Batterie.",
    "Wir fliegen im Februar nach Lissabon.",
    "Mia hatte letzte Woche Fieber.",
    "Die Heizung im Bad wird am Freitag gewartet.",
    "Der Babysitter heißt Lena und kostet 12 Euro pro Stunde.",
    "Die Gartenschere liegt im Keller im grünen Regal.",
)
