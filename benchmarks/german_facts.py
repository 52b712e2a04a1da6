# ruff: noqa: E501  (one fact per line reads better than wrapped strings)
"""A German household benchmark: facts in German and English, German questions.

Written for Home Memory (not taken from any data set): 45 facts a household
tells its assistant, each in German and in an English translation, and 66
German questions, each answered by exactly one fact. The questions mostly
ask in other words than the fact uses ("Müllabfuhr" for "Tonnen",
"Zahnarzt" for "Dr. Weber"), so that keyword overlap alone does not solve
them. `benchmarks/german.py` scores them.
"""

from __future__ import annotations

from typing import Final

# (key, German fact, English fact)
FACTS: Final[tuple[tuple[str, str, str], ...]] = (
    (
        "bins",
        "Die Mülltonnen werden dienstagabends an die Straße gestellt.",
        "The bins go out to the street on Tuesday evenings.",
    ),
    (
        "spare_key",
        "Der Ersatzschlüssel liegt unter dem blauen Blumentopf neben der Haustür.",
        "The spare key is under the blue flower pot next to the front door.",
    ),
    (
        "wifi",
        "Das WLAN-Passwort für Gäste steht auf einem Zettel am Kühlschrank.",
        "The guest Wi-Fi password is on a note on the fridge.",
    ),
    (
        "anna_coffee",
        "Anna trinkt ihren Kaffee schwarz ohne Zucker.",
        "Anna drinks her coffee black without sugar.",
    ),
    (
        "ben_allergy",
        "Ben ist allergisch gegen Erdnüsse.",
        "Ben is allergic to peanuts.",
    ),
    (
        "dentist",
        "Anna hat am Donnerstag um 15 Uhr einen Termin bei Dr. Weber, ihrer Zahnärztin.",
        "Anna has an appointment with Dr. Weber, her dentist, on Thursday at 3 pm.",
    ),
    (
        "boiler",
        "Die Heizung wird jedes Jahr im Mai von der Firma Schulz gewartet.",
        "The boiler is serviced by the Schulz company every May.",
    ),
    (
        "cat_food",
        "Die Katze Minka bekommt morgens und abends je eine halbe Dose Futter.",
        "Minka the cat gets half a tin of food every morning and evening.",
    ),
    (
        "plants",
        "Die Zimmerpflanzen im Wohnzimmer werden jeden Sonntag gegossen.",
        "The house plants in the living room are watered every Sunday.",
    ),
    (
        "ben_school",
        "Ben hat montags nach der Schule Fußballtraining bis 17 Uhr.",
        "Ben has football practice after school on Mondays until 5 pm.",
    ),
    (
        "grandma_birthday",
        "Omas Geburtstag ist am 12. März.",
        "Grandma's birthday is on the 12th of March.",
    ),
    (
        "car_service",
        "Das Auto muss im Oktober zur Inspektion in die Werkstatt.",
        "The car has to go to the garage for its inspection in October.",
    ),
    (
        "fuse_box",
        "Der Sicherungskasten ist im Keller hinter der Waschmaschine.",
        "The fuse box is in the basement behind the washing machine.",
    ),
    (
        "water_valve",
        "Der Haupthahn für das Wasser befindet sich unter der Kellertreppe.",
        "The main water valve is under the basement stairs.",
    ),
    (
        "recycling",
        "Altglas bringen wir zum Container an der Ecke beim Supermarkt.",
        "We take old glass to the container on the corner by the supermarket.",
    ),
    (
        "anna_vegetarian",
        "Anna isst seit letztem Jahr kein Fleisch mehr.",
        "Anna has not eaten meat since last year.",
    ),
    (
        "ben_bedtime",
        "Ben muss an Schultagen um halb neun im Bett sein.",
        "Ben has to be in bed by half past eight on school days.",
    ),
    (
        "neighbour",
        "Die Nachbarin Frau Keller hat einen Schlüssel für Notfälle.",
        "Our neighbour Mrs Keller has a key for emergencies.",
    ),
    (
        "doctor",
        "Unser Hausarzt ist Dr. Braun in der Lindenstraße.",
        "Our family doctor is Dr. Braun on Lindenstraße.",
    ),
    (
        "insurance",
        "Die Hausratversicherung läuft bei der Allianz und wird im Januar bezahlt.",
        "The home contents insurance is with Allianz and is paid in January.",
    ),
    (
        "thermostat",
        "Nachts stellen wir die Heizung im Schlafzimmer auf 17 Grad.",
        "At night we set the bedroom heating to 17 degrees.",
    ),
    (
        "vacuum",
        "Der Staubsaugerroboter fährt werktags um 10 Uhr los.",
        "The robot vacuum starts at 10 am on weekdays.",
    ),
    (
        "window_cleaner",
        "Der Fensterputzer kommt alle drei Monate, das nächste Mal im Juni.",
        "The window cleaner comes every three months, next time in June.",
    ),
    (
        "anna_work",
        "Anna arbeitet mittwochs und freitags von zu Hause.",
        "Anna works from home on Wednesdays and Fridays.",
    ),
    (
        "ben_swimming",
        "Ben hat das Seepferdchen im letzten Sommer geschafft.",
        "Ben passed his first swimming badge last summer.",
    ),
    (
        "milk",
        "Wir kaufen nur laktosefreie Milch, weil Anna Milchzucker nicht verträgt.",
        "We only buy lactose-free milk because Anna cannot tolerate lactose.",
    ),
    (
        "bike",
        "Bens Fahrrad hat einen Platten am Hinterrad.",
        "Ben's bike has a flat rear tyre.",
    ),
    (
        "passport",
        "Die Reisepässe liegen in der obersten Schublade im Arbeitszimmer.",
        "The passports are in the top drawer in the study.",
    ),
    (
        "holiday",
        "Im August fahren wir zwei Wochen an die Ostsee.",
        "In August we are going to the Baltic Sea for two weeks.",
    ),
    (
        "smoke_alarm",
        "Die Batterien der Rauchmelder wurden im Februar gewechselt.",
        "The smoke alarm batteries were changed in February.",
    ),
    (
        "babysitter",
        "Die Babysitterin Lena kann nur freitagabends.",
        "Lena the babysitter is only free on Friday evenings.",
    ),
    (
        "medicine",
        "Opa nimmt jeden Morgen eine Tablette gegen Bluthochdruck.",
        "Grandpa takes a pill for high blood pressure every morning.",
    ),
    (
        "garden",
        "Der Rasen wird im Sommer alle zwei Wochen gemäht.",
        "The lawn is mowed every two weeks in summer.",
    ),
    (
        "parcel",
        "Pakete soll der Bote in die Garage legen, wenn niemand da ist.",
        "The courier should leave parcels in the garage when nobody is home.",
    ),
    (
        "pizza",
        "Freitags bestellen wir meistens Pizza beim Italiener um die Ecke.",
        "On Fridays we usually order pizza from the Italian place around the corner.",
    ),
    (
        "dog_walk",
        "Ben geht nach dem Abendessen mit dem Hund Bello Gassi.",
        "Ben walks Bello the dog after dinner.",
    ),
    (
        "music",
        "Anna hört beim Kochen am liebsten Jazz.",
        "Anna likes listening to jazz most while cooking.",
    ),
    (
        "tv",
        "Der Fernseher im Wohnzimmer wird um 22 Uhr automatisch ausgeschaltet.",
        "The living room TV switches off automatically at 10 pm.",
    ),
    (
        "alarm_code",
        "Der Code der Alarmanlage wird nur Familienmitgliedern verraten.",
        "The alarm code is only told to family members.",
    ),
    (
        "electricity",
        "Der Stromzähler wird jedes Jahr Ende Dezember abgelesen.",
        "The electricity meter is read at the end of every December.",
    ),
    (
        "anna_sister",
        "Annas Schwester Julia wohnt in Hamburg.",
        "Anna's sister Julia lives in Hamburg.",
    ),
    (
        "ben_teacher",
        "Bens Klassenlehrerin heißt Frau Roth.",
        "Ben's class teacher is called Mrs Roth.",
    ),
    (
        "dishwasher",
        "Die Spülmaschine läuft nachts, weil der Strom dann günstiger ist.",
        "The dishwasher runs at night because electricity is cheaper then.",
    ),
    (
        "umbrella",
        "Die Regenschirme stehen im Flur neben der Garderobe.",
        "The umbrellas are in the hallway next to the coat rack.",
    ),
    (
        "wine",
        "Zum Jahrestag trinken wir gern einen Riesling von der Mosel.",
        "For our anniversary we like to drink a Riesling from the Moselle.",
    ),
)

# (German question, key of the fact that answers it)
QUESTIONS: Final[tuple[tuple[str, str], ...]] = (
    ("Wann ist Müllabfuhr?", "bins"),
    ("An welchem Tag muss der Abfall raus?", "bins"),
    ("Wo finde ich einen zweiten Hausschlüssel?", "spare_key"),
    ("Ich habe mich ausgesperrt, wo ist der Reserveschlüssel?", "spare_key"),
    ("Wie kommen Besucher ins Internet?", "wifi"),
    ("Wie mag Anna ihren Kaffee?", "anna_coffee"),
    ("Nimmt Anna Milch oder Zucker in den Kaffee?", "anna_coffee"),
    ("Welche Lebensmittel verträgt Ben nicht?", "ben_allergy"),
    ("Darf Ben Nüsse essen?", "ben_allergy"),
    ("Wann muss Anna zum Zahnarzt?", "dentist"),
    ("Wer kümmert sich um die Wartung der Heizung?", "boiler"),
    ("Wie viel Futter kriegt die Katze?", "cat_food"),
    ("Wann werden die Pflanzen gegossen?", "plants"),
    ("Wann hat Ben Training?", "ben_school"),
    ("Bis wann ist Ben montags beim Sport?", "ben_school"),
    ("Wann hat Oma Geburtstag?", "grandma_birthday"),
    ("Wann muss der Wagen in die Werkstatt?", "car_service"),
    ("Wo sind die Sicherungen?", "fuse_box"),
    ("Der Strom ist weg, wo kann ich die Sicherung wieder reinmachen?", "fuse_box"),
    ("Wie drehe ich das Wasser im ganzen Haus ab?", "water_valve"),
    ("Wohin mit leeren Flaschen?", "recycling"),
    ("Ist Anna Vegetarierin?", "anna_vegetarian"),
    ("Was soll ich für Anna kochen, isst sie Wurst?", "anna_vegetarian"),
    ("Wann ist Bens Schlafenszeit?", "ben_bedtime"),
    ("Wer hat noch einen Schlüssel für unser Haus?", "neighbour"),
    ("Wie heißt unser Arzt?", "doctor"),
    ("Wo ist die Praxis von unserem Hausarzt?", "doctor"),
    ("Bei wem sind wir versichert?", "insurance"),
    ("Wie warm ist es nachts im Schlafzimmer?", "thermostat"),
    ("Wann saugt der Roboter?", "vacuum"),
    ("Wann werden die Fenster wieder geputzt?", "window_cleaner"),
    ("An welchen Tagen ist Anna im Homeoffice?", "anna_work"),
    ("Kann Ben schwimmen?", "ben_swimming"),
    ("Welche Milch soll ich einkaufen?", "milk"),
    ("Warum verträgt Anna keine normale Milch?", "milk"),
    ("Was ist mit Bens Rad kaputt?", "bike"),
    ("Wo sind die Pässe?", "passport"),
    ("Wohin geht der Sommerurlaub?", "holiday"),
    ("Wann waren die Rauchmelder zuletzt dran?", "smoke_alarm"),
    ("Wann kann Lena auf die Kinder aufpassen?", "babysitter"),
    ("Welche Medikamente nimmt Opa?", "medicine"),
    ("Wie oft wird das Gras geschnitten?", "garden"),
    ("Wo soll der Paketdienst Lieferungen ablegen?", "parcel"),
    ("Was essen wir am Freitag meistens?", "pizza"),
    ("Wer geht abends mit dem Hund raus?", "dog_walk"),
    ("Welche Musik mag Anna?", "music"),
    ("Was läuft bei Anna in der Küche für Musik?", "music"),
    ("Wann geht der Fernseher von allein aus?", "tv"),
    ("Wer darf den Code der Alarmanlage wissen?", "alarm_code"),
    ("Wann wird der Zählerstand abgelesen?", "electricity"),
    ("Wo wohnt Julia?", "anna_sister"),
    ("Hat Anna Geschwister?", "anna_sister"),
    ("Wie heißt Bens Lehrerin?", "ben_teacher"),
    ("Warum läuft der Geschirrspüler in der Nacht?", "dishwasher"),
    ("Wo sind die Schirme?", "umbrella"),
    ("Welchen Wein trinken wir zum Hochzeitstag?", "wine"),
    ("Wann kommen die Tonnen an die Straße?", "bins"),
    ("Was muss ich beim Kochen für Ben beachten?", "ben_allergy"),
    ("Wer ist Dr. Weber?", "dentist"),
    ("Wann wird der Kessel überprüft?", "boiler"),
    ("Wann bekommt Minka zu fressen?", "cat_food"),
    ("Wo ist der Zettel mit dem Internetzugang?", "wifi"),
    ("Wann ist das Auto wieder fällig?", "car_service"),
    ("Welche Schule hat Bens Fußballtraining?", "ben_school"),
    ("Wann bezahlen wir die Versicherung?", "insurance"),
    ("Welcher Hund geht nach dem Essen spazieren?", "dog_walk"),
)

# German questions no fact answers (session 45): each should find nothing
# at the floors ("abdrehen" with the water's main tap, "Zähler" with the
# electricity meter, "Anna" with hers).
NEGATIVES: Final[tuple[str, ...]] = (
    "Wie drehe ich das Gas ab?",
    "Wie kann ich das Gas abdrehen?",
    "Wo ist der Gaszähler?",
    "Wer ist unser Klempner?",
    "Spielt Anna Tennis?",
    "Hat Anna einen Bruder?",
    "Was ist Bens Lieblingsfarbe?",
    "Wo steht die Leiter?",
    "Wann kommt der Schornsteinfeger?",
    "Wie lautet der Code für das Garagentor?",
    "Wer schneidet Anna die Haare?",
    "Wann schließt die Bücherei?",
)
