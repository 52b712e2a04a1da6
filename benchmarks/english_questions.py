"""English questions over the German set's English facts (german_facts.py).

Written for Home Memory in session 42: an English household asks about the
same 45 facts in other words than they were told in ("garbage day" for
"the bins go out", "breaker" for "fuse box", "get fed" for "gets half a
tin of food"), each answered by exactly one fact. `benchmarks/german.py`
scores them at the floors a person meets: a fact ranked first but under
the floor is not heard.
"""

from __future__ import annotations

from typing import Final

QUESTIONS_EN: Final[tuple[tuple[str, str], ...]] = (
    ("When is garbage day?", "bins"),
    ("Which day does the rubbish go out?", "bins"),
    ("Where can I find a second house key?", "spare_key"),
    ("I'm locked out, where's the backup key?", "spare_key"),
    ("How do guests get online?", "wifi"),
    ("How does Anna take her coffee?", "anna_coffee"),
    ("Does Anna want milk or sugar in her coffee?", "anna_coffee"),
    ("What food can't Ben eat?", "ben_allergy"),
    ("Is Ben allowed to eat nuts?", "ben_allergy"),
    ("When is Anna's dental appointment?", "dentist"),
    ("Who services the heating?", "boiler"),
    ("How much food does the cat get?", "cat_food"),
    ("When do the plants get watered?", "plants"),
    ("When does Ben have practice?", "ben_school"),
    ("When is grandma's birthday?", "grandma_birthday"),
    ("When is the car due at the garage?", "car_service"),
    ("Where are the fuses?", "fuse_box"),
    ("The power is out, where do I reset the breaker?", "fuse_box"),
    ("How do I shut off the water for the whole house?", "water_valve"),
    ("Where do empty bottles go?", "recycling"),
    ("Is Anna a vegetarian?", "anna_vegetarian"),
    ("What's Ben's bedtime?", "ben_bedtime"),
    ("Who else has a key to our house?", "neighbour"),
    ("What's the name of our doctor?", "doctor"),
    ("Who are we insured with?", "insurance"),
    ("How warm is the bedroom at night?", "thermostat"),
    ("When does the robot vacuum run?", "vacuum"),
    ("When is the window cleaner coming next?", "window_cleaner"),
    ("Which days does Anna work from home?", "anna_work"),
    ("Can Ben swim?", "ben_swimming"),
    ("What kind of milk should I buy?", "milk"),
    ("What's wrong with Ben's bicycle?", "bike"),
    ("Where are the passports?", "passport"),
    ("Where are we going on summer holiday?", "holiday"),
    ("When were the smoke detectors last checked?", "smoke_alarm"),
    ("When can Lena babysit?", "babysitter"),
    ("What medication does grandpa take?", "medicine"),
    ("How often is the lawn mowed?", "garden"),
    ("Where should the delivery driver leave parcels?", "parcel"),
    ("What do we usually eat on Fridays?", "pizza"),
    ("Who takes the dog out in the evening?", "dog_walk"),
    ("What music does Anna like?", "music"),
    ("When does the TV switch itself off?", "tv"),
    ("Who may know the alarm code?", "alarm_code"),
    ("When is the electricity meter read?", "electricity"),
    ("Where does Julia live?", "anna_sister"),
    ("Does Anna have any siblings?", "anna_sister"),
    ("What's the name of Ben's teacher?", "ben_teacher"),
    ("Why does the dishwasher run at night?", "dishwasher"),
    ("Where are the umbrellas?", "umbrella"),
    ("Which wine do we drink on our anniversary?", "wine"),
    ("Who is Dr. Weber?", "dentist"),
    ("When does Minka get fed?", "cat_food"),
    ("When do we pay the insurance?", "insurance"),
    # Session 45 (a live review's misses): "after dinner" is the evening.
    ("What does Ben do in the evening?", "dog_walk"),
    ("Does Anna have a sister?", "anna_sister"),
)

# Questions no fact answers (session 45): each should find nothing at the
# floors, however many words it shares with a fact ("shut off" with the
# water valve, "meter" with the electricity meter, "Anna" with hers).
NEGATIVES_EN: Final[tuple[str, ...]] = (
    "How do I shut off the gas?",
    "How do I turn off the gas?",
    "Where is the gas meter?",
    "Who is our plumber?",
    "Does Anna play tennis?",
    "Does Anna have a brother?",
    "What is Ben's favourite colour?",
    "Where do we keep the ladder?",
    "When is the chimney swept?",
    "What's the code for the garage door?",
    "Who cuts Anna's hair?",
    "When does the library close?",
)
