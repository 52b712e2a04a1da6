"""A synthetic household corpus and natural questions, deterministic by seed.

The texts imitate what a household tells its voice assistant: first-person
notes about people, rooms, devices, times of day, feelings, preferences and
events ("I noticed Anna turns the kitchen lights warm after sunset ..."). They
are built from templates with many slots, so 100,000 of them are varied enough
for both BM25 (many distinct, overlapping words) and the vectors (many
near-but-not-identical sentences), which is what makes a search benchmark
realistic. Change anything that alters the output and bump CORPUS_VERSION
(the vector cache also hashes the texts, so a forgotten bump only costs a
re-embedding, never stale vectors).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta
import random
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.common.values import (
    OBSERVED_THREAD_PREFIX,
    MemoryKind,
    NewMemory,
    Source,
    Visibility,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

# Threads are not embedded: they leave the version (the vector cache) as it is.
CORPUS_VERSION = "household-v1"
CORPUS_SEED = 20_260_101
QUESTION_SEED = 20_260_202

# Users of the home (private memories belong to them; the benchmark searches
# as the first one, so the visibility filter is exercised).
USERS = ("anna", "ben")
PRIVATE_SHARE = 0.1
# Threads: a simulated day holds this many memories (about a third of them
# observations, one thread for the day), the others come from conversations
# of 1-6 memories (one thread each), as the observer and the conversation
# extractor write them.
DAY_MEMORIES = 30
CONVERSATION_MEMORIES = (1, 6)
FIRST_DAY = date(2026, 1, 1)

PEOPLE = (
    "Anna", "Ben", "Clara", "David", "Mia", "Leo", "Grandma Rosa", "Grandpa Karl",
    "Tom", "Priya", "Jonas", "Elif", "Sam", "Noah", "Yuki", "Omar", "Lena",
    "Grace", "Marco", "Aunt Ines", "Uncle Felix", "the babysitter", "the neighbour",
    "Zoe",
)  # fmt: skip
ROOMS = (
    "kitchen", "living room", "bedroom", "kids' room", "bathroom", "hallway",
    "garage", "garden", "office", "basement", "attic", "dining room",
    "laundry room", "balcony", "guest room", "porch",
)  # fmt: skip
# Device -> things one does with it (the verb phrase follows a person).
DEVICES: dict[str, tuple[str, ...]] = {
    "lights": (
        "turns the {room} lights warm",
        "dims the {room} lights to 30 percent",
        "switches off the {room} lights",
        "leaves the {room} lights on",
    ),
    "thermostat": (
        "sets the {room} thermostat to {temp} degrees",
        "turns the {room} thermostat down",
        "boosts the heating in the {room}",
    ),
    "robot vacuum": (
        "starts the robot vacuum in the {room}",
        "pauses the robot vacuum",
        "sends the robot vacuum to the {room}",
    ),
    "dishwasher": (
        "runs the dishwasher on eco mode",
        "empties the dishwasher",
        "starts the dishwasher before bed",
    ),
    "washing machine": (
        "starts the washing machine at {temp} degrees",
        "runs a quick wash",
        "forgets the laundry in the washing machine",
    ),
    "coffee machine": (
        "makes two espressos",
        "descales the coffee machine",
        "turns on the coffee machine",
    ),
    "blinds": (
        "closes the {room} blinds halfway",
        "opens the {room} blinds",
        "lowers the blinds against the sun",
    ),
    "speaker": (
        "plays jazz on the {room} speaker",
        "turns the {room} speaker down",
        "asks the {room} speaker for the weather",
    ),
    "TV": (
        "watches the news on the {room} TV",
        "turns the TV volume up",
        "falls asleep in front of the TV",
    ),
    "fan": ("switches on the {room} fan", "sets the fan to the lowest speed"),
    "door lock": (
        "locks the front door twice",
        "leaves the back door unlocked",
        "checks the door lock",
    ),
    "garage door": ("opens the garage door", "forgets to close the garage door"),
    "sprinklers": (
        "runs the garden sprinklers for {minutes} minutes",
        "skips the sprinklers when it rains",
    ),
    "air purifier": (
        "turns the air purifier to turbo",
        "changes the air purifier filter",
    ),
    "humidifier": ("refills the humidifier in the {room}", "turns the humidifier off"),
    "kettle": (
        "boils the kettle for tea",
        "leaves water in the kettle",
        "descales the kettle",
    ),
    "oven": ("preheats the oven to {oven} degrees", "cleans the oven"),
    "heat pump": ("puts the heat pump in quiet mode", "checks the heat pump pressure"),
    "car charger": (
        "plugs in the car to charge overnight",
        "limits the charger to {amps} amps",
    ),
    "night light": (
        "turns on the night light in the {room}",
        "sets the night light to orange",
    ),
}
TIMES = (
    "after sunset", "before breakfast", "around 7 pm", "on Sunday mornings",
    "every weekday at 6:30", "late at night", "when it rains", "during the school run",
    "on Friday evenings", "at lunchtime", "right after work", "in the early afternoon",
    "on public holidays", "before guests arrive", "when the baby naps",
    "after dinner", "first thing in the morning", "on hot afternoons",
)  # fmt: skip
FEELINGS = (
    "annoyed", "relieved", "happy", "worried", "tired", "grateful", "proud",
    "frustrated", "calm", "excited", "embarrassed", "surprised",
)  # fmt: skip
PREFERENCES = (
    "warm light", "the window open a crack", "quiet mode", "jazz in the background",
    "decaf after 4 pm", "the blinds half closed", "oat milk in the coffee",
    "a cooler bedroom", "lavender scent", "soft music", "the radio on low",
    "sparkling water", "the door left ajar", "a thick blanket", "bright light",
)  # fmt: skip
EVENTS = (
    "birthday party", "dentist appointment", "parent-teacher meeting",
    "plumber visit", "football practice", "piano lesson", "book club",
    "barbecue", "vet appointment", "yoga class", "school concert",
    "swimming lesson", "doctor's appointment", "chimney sweep visit",
    "anniversary dinner", "job interview",
)  # fmt: skip
MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December",
)  # fmt: skip
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
FOODS = (
    "lasagne", "pancakes", "lentil curry", "sushi", "peanut butter", "strawberries",
    "goat cheese", "mushroom risotto", "fish tacos", "apple pie", "shrimp",
)  # fmt: skip
ALLERGENS = ("peanuts", "shellfish", "cat hair", "pollen", "gluten", "dust mites")
PETS = ("the cat Pixel", "the dog Bruno", "the goldfish", "the rabbit Hazel")
PLANTS = ("basil", "monstera", "orchid", "tomato plants", "ferns", "lemon tree")
ITEMS = (
    "house keys", "batteries", "light bulbs", "umbrella", "first-aid kit",
    "bike pump", "extension cord", "candles", "car keys", "fuse",
)  # fmt: skip
PLACES = (
    "in the drawer under the kettle", "on the hook by the front door",
    "in the blue box in the garage", "behind the books in the office",
    "in the top kitchen cupboard", "under the stairs", "in the hallway cabinet",
)  # fmt: skip
FAULTS = (
    "beeped for no reason", "stopped responding", "went offline",
    "made a rattling noise", "showed an error", "turned itself on",
    "ran out of battery", "leaked water",
)  # fmt: skip
TOPICS = (
    "screen time", "the holiday plans", "the heating bill", "who walks the dog",
    "the new sofa", "bedtimes", "the garden fence", "the car",
)  # fmt: skip
DECISIONS = (
    "turn the heating down a degree at night", "run the dishwasher only when full",
    "switch to the cheaper electricity tariff", "keep the garage door closed",
    "have pizza night on Fridays", "charge the car only overnight",
    "let the kids choose the music on Saturdays", "water the garden every other day",
)  # fmt: skip
# Optional endings: they vary otherwise equal texts the way people ramble.
TAILS = (
    "", "", "", "", " I should mention it at dinner.", " It made me {feeling}.",
    " {Person2} agreed.", " Worth remembering.", " Not sure why.",
    " That was new.", " We laughed about it later.", " It happened again on {day}.",
    " {Person2} noticed it too.", " Check again around {clock}.",
    " {Person2} thinks it started in {month}.", " Same as last {day}.",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class CorpusItem:
    """One synthetic memory with the labels a real one would carry."""

    content: str
    kind: MemoryKind
    people: tuple[str, ...]
    location: str | None
    tags: tuple[str, ...]
    importance: float
    owner: str | None
    # What a real memory always carries: its day's observation thread or its
    # conversation (see _threads).
    thread: str | None = None

    def new_memory(self) -> NewMemory:
        """The engine's create input for this item."""
        return NewMemory(
            content=self.content,
            kind=self.kind,
            people=self.people,
            location=self.location,
            tags=self.tags,
            importance=self.importance,
            source=Source.OBSERVED
            if self.kind is MemoryKind.OBSERVATION
            else Source.EXPLICIT,
            owner=self.owner,
            visibility=Visibility.PRIVATE if self.owner else Visibility.HOUSEHOLD,
            thread=self.thread,
        )


type _Template = tuple[MemoryKind, str, tuple[str, ...]]

# (kind, text, tags); the {slots} are drawn by _Slots.
_TEMPLATES: tuple[_Template, ...] = (
    (MemoryKind.OBSERVATION, "I noticed {person} {action} {time}.", ("habit",)),
    (
        MemoryKind.OBSERVATION,
        "{Person} always {action} {time}, even in summer.",
        ("habit",),
    ),
    (
        MemoryKind.PREFERENCE,
        "{Person} prefers {pref} in the {room}, especially {time}.",
        ("preference",),
    ),
    (
        MemoryKind.PREFERENCE,
        "I like {pref} when I work in the {room}.",
        ("preference",),
    ),
    (
        MemoryKind.EVENT,
        "Remind me that {person}'s {event} is on {day} at {clock}.",
        ("reminder",),
    ),
    (
        MemoryKind.EVENT,
        "The {event} got moved to next {day}, {person} will drive.",
        ("schedule",),
    ),
    (
        MemoryKind.OBSERVATION,
        "I felt {feeling} when the {device} in the {room} {fault} {time}.",
        ("device",),
    ),
    (
        MemoryKind.DECISION,
        "We decided to {decision} starting next {day}.",
        ("decision",),
    ),
    (
        MemoryKind.FACT,
        "The {device} in the {room} needs cleaning every {weeks} weeks.",
        ("maintenance",),
    ),
    (
        MemoryKind.OBSERVATION,
        "{Person} said the {room} feels too {warmth} {time}; maybe the {device} helps.",
        ("comfort",),
    ),
    (
        MemoryKind.ROUTINE,
        "I usually {routine} {time}, then I {routine2}.",
        ("routine",),
    ),
    (MemoryKind.FACT, "The code for the {lockable} is {code}.", ("code",)),
    (
        MemoryKind.PERSON,
        "{Person} is allergic to {allergen}, so no {food} at the {event}.",
        ("health",),
    ),
    (
        MemoryKind.EVENT,
        "Last {day} {person} fed {pet} {time} and forgot the {chore}.",
        ("pets",),
    ),
    (MemoryKind.FACT, "{Pet} sleeps in the {room} when it rains.", ("pets",)),
    (
        MemoryKind.OBSERVATION,
        "{Person} and {person2} argued about {topic} in the {room}.",
        ("family",),
    ),
    (
        MemoryKind.PREFERENCE,
        "My favourite dinner is {food}, but {person} likes {food2}.",
        ("food",),
    ),
    (
        MemoryKind.ROUTINE,
        "Every {day} {person} waters the {plant} in the {room}.",
        ("plants",),
    ),
    (
        MemoryKind.OBSERVATION,
        "The {room} {device} was still on at {clock} after everyone had left.",
        ("energy",),
    ),
    (
        MemoryKind.PREFERENCE,
        "{Person} wants the {room} quiet during {activity}.",
        ("preference",),
    ),
    (MemoryKind.FACT, "We keep the spare {item} {place}.", ("storage",)),
    (
        MemoryKind.ROUTINE,
        "{Person} gets home around {clock} on {day}s and likes the hallway lights on.",
        ("arrival",),
    ),
    (
        MemoryKind.JOURNAL,
        "Today I was {feeling} because {person} {action} {time}.",
        ("journal",),
    ),
    (MemoryKind.FACT, "{Person}'s {event} costs {price} euros a month.", ("budget",)),
    (
        MemoryKind.PERSON,
        "{Person} is visiting from {city} for {nights} nights.",
        ("guests",),
    ),
    (
        MemoryKind.OBSERVATION,
        "The {room} was {temp} degrees at {clock}, {judgement}.",
        ("climate",),
    ),
)

ROUTINES = (
    "make coffee", "walk the dog", "check the mail", "stretch for ten minutes",
    "read the news", "unload the dishwasher", "water the plants", "pack lunches",
)  # fmt: skip
CHORES = ("recycling", "litter box", "water bowl", "bins", "laundry", "compost")
LOCKABLES = ("garage keypad", "garden shed", "front door", "bike lock", "safe", "gate")
ACTIVITIES = ("homework", "video calls", "nap time", "piano practice", "meditation")
CITIES = ("Lisbon", "Hamburg", "Lyon", "Krakow", "Porto", "Vienna", "Bergen", "Turin")
WARMTH = ("warm", "cold", "stuffy", "draughty", "humid", "dry")
JUDGEMENTS = ("which is too warm", "which felt fine", "colder than usual", "a bit high")


def _clock(rng: random.Random) -> str:
    hour = rng.randint(5, 22)
    minute = rng.choice(("00", "15", "30", "45"))
    return f"{(hour - 1) % 12 + 1}:{minute} {'am' if hour < 12 else 'pm'}"


# Slot name -> how to draw it. Slots are drawn only when a template uses them,
# which keeps generating 100,000 texts to about a second.
_DRAW: dict[str, Callable[[random.Random], str]] = {
    "person": lambda rng: rng.choice(PEOPLE),
    "room": lambda rng: rng.choice(ROOMS),
    "device": lambda rng: rng.choice(tuple(DEVICES)),
    "time": lambda rng: rng.choice(TIMES),
    "feeling": lambda rng: rng.choice(FEELINGS),
    "pref": lambda rng: rng.choice(PREFERENCES),
    "event": lambda rng: rng.choice(EVENTS),
    "day": lambda rng: rng.choice(DAYS),
    "clock": _clock,
    "decision": lambda rng: rng.choice(DECISIONS),
    "weeks": lambda rng: str(rng.randint(2, 12)),
    "warmth": lambda rng: rng.choice(WARMTH),
    "routine": lambda rng: rng.choice(ROUTINES),
    "lockable": lambda rng: rng.choice(LOCKABLES),
    "code": lambda rng: f"{rng.randint(0, 9999):04d}",
    "allergen": lambda rng: rng.choice(ALLERGENS),
    "food": lambda rng: rng.choice(FOODS),
    "pet": lambda rng: rng.choice(PETS),
    "chore": lambda rng: rng.choice(CHORES),
    "topic": lambda rng: rng.choice(TOPICS),
    "plant": lambda rng: rng.choice(PLANTS),
    "activity": lambda rng: rng.choice(ACTIVITIES),
    "item": lambda rng: rng.choice(ITEMS),
    "place": lambda rng: rng.choice(PLACES),
    "fault": lambda rng: rng.choice(FAULTS),
    "price": lambda rng: str(rng.randint(2, 60) * 5),
    "city": lambda rng: rng.choice(CITIES),
    "nights": lambda rng: str(rng.randint(2, 9)),
    "temp": lambda rng: str(rng.randint(16, 27)),
    "judgement": lambda rng: rng.choice(JUDGEMENTS),
    "minutes": lambda rng: str(rng.choice((10, 15, 20, 30))),
    "oven": lambda rng: str(rng.choice((160, 180, 200, 220))),
    "amps": lambda rng: str(rng.choice((6, 10, 16))),
    "month": lambda rng: rng.choice(MONTHS),
}


class _Slots(dict[str, str]):
    """Template slots drawn on first use, so one text draws only what it shows.

    "person2", "food2", ... draw a value different from "person", "food";
    "Person" is "person" capitalised; "action" is a phrase of "device".
    """

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self._rng = rng

    def __missing__(self, key: str) -> str:
        if key[:1].isupper():
            value = _capitalise(self[key.lower()])
        elif key == "action":
            value = self._rng.choice(DEVICES[self["device"]]).format_map(self)
        elif key.endswith("2"):
            first = self[key[:-1]]
            value = first
            while value == first:
                value = _DRAW[key[:-1]](self._rng)
        else:
            value = _DRAW[key](self._rng)
        self[key] = value
        return value


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def _people_in(text: str) -> tuple[str, ...]:
    return tuple(p for p in PEOPLE if p in text)


def _threads(kinds: Sequence[MemoryKind], seed: int) -> Iterator[str]:
    """The thread of each memory, in corpus order, as a home in service has them.

    The corpus is a sequence of simulated days of DAY_MEMORIES memories each:
    the day's observations share its `observed:YYYY-MM-DD` thread (as the
    observer names it), the rest come from conversations of a few memories
    each, one thread per conversation. Drawn from a generator of their own,
    so the texts (and their cached vectors) stay as they were.
    """
    rng = random.Random(seed + 1)
    conversation, left, day_of_conversation = 0, 0, -1
    for position, kind in enumerate(kinds):
        day = position // DAY_MEMORIES
        if kind is MemoryKind.OBSERVATION:
            observed_on = FIRST_DAY + timedelta(days=day)
            yield f"{OBSERVED_THREAD_PREFIX}{observed_on.isoformat()}"
            continue
        if left == 0 or day != day_of_conversation:
            conversation += 1
            left = rng.randint(*CONVERSATION_MEMORIES)
            day_of_conversation = day
        left -= 1
        yield f"conversation-{conversation:06d}"


def corpus(count: int, seed: int = CORPUS_SEED) -> list[CorpusItem]:
    """`count` synthetic memories; the first n are the same for every count."""
    items = _texts(count, seed)
    threads = _threads([item.kind for item in items], seed)
    return [
        replace(item, thread=thread)
        for item, thread in zip(items, threads, strict=True)
    ]


def _texts(count: int, seed: int) -> list[CorpusItem]:
    """The memories without their threads."""
    rng = random.Random(seed)
    items: list[CorpusItem] = []
    for _ in range(count):
        kind, template, tags = rng.choice(_TEMPLATES)
        slots = _Slots(rng)
        content = (template + rng.choice(TAILS)).format_map(slots)
        room, device = slots.get("room"), slots.get("device")
        private = rng.random() < PRIVATE_SHARE
        items.append(
            CorpusItem(
                content=content,
                kind=kind,
                people=_people_in(content),
                location=room,
                tags=(*tags, device) if device else tags,
                importance=round(rng.uniform(0.2, 0.9), 2),
                owner=rng.choice(USERS) if private else None,
            )
        )
    return items


# Questions a person would ask about such memories; none is copied from a
# corpus text, so keyword and vector matches are partial as in real use.
_QUESTIONS: tuple[str, ...] = (
    "What does {person} like in the {room}?",
    "When does {person} usually use the {device}?",
    "How does {person} like the {room} lights {time}?",
    "What did I say about the {device} in the {room}?",
    "When is {person}'s {event}?",
    "Where do we keep the spare {item}?",
    "Who feeds {pet} and when?",
    "What temperature does {person} want in the {room}?",
    "Is {person} allergic to anything?",
    "Did anything go wrong with the {device} recently?",
    "Why was I {feeling} about the {room}?",
    "What's our routine on {day} mornings?",
    "Which plants need water in the {room}?",
    "What did we decide about {topic}?",
    "Remind me what {person} said about the {room}.",
    "How often does the {device} need cleaning?",
    "What's the code for the {lockable}?",
    "When does {person} get home on {day}?",
    "Who is visiting from {city}?",
    "What should I avoid cooking for {person}?",
    "Was the {device} left on again?",
    "How warm was the {room} {time}?",
    "What does {person} do {time}?",
    "Anything about {person} and {person2} arguing?",
)


def questions(count: int, seed: int = QUESTION_SEED) -> list[str]:
    """`count` distinct natural questions (fewer only if the templates run out)."""
    rng = random.Random(seed)
    seen: dict[str, None] = {}
    attempts = 0
    while len(seen) < count and attempts < 50 * count:
        attempts += 1
        text = rng.choice(_QUESTIONS).format_map(_Slots(rng))
        seen[_capitalise(text)] = None
    return list(seen)


def take(values: list[str], start: int, count: int) -> list[str]:
    """A slice that must be complete: the question pool is sized for the run."""
    part = values[start : start + count]
    if len(part) < count:
        raise ValueError(f"need {start + count} questions, have {len(values)}")
    return part
