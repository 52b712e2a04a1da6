"""Test data shared by the engine's and the integration's tests.

Things kept in the bathroom, scissors among them: the nearest memories of
"Die Schere ist im Bad." with multilingual-e5, so a correction of where the
scissors are must find its subject among a dozen things told alike
(tests/core/storage/test_repeats.py, tests/integration/assist/test_corrections.py).
"""

BATHROOM_DE = (
    "Die Nagelschere",
    "Die Papierschere",
    "Die Haarschere",
    "Die Gartenschere",
    "Der Föhn",
    "Das Handtuch",
    "Die Zahnbürste",
    "Der Rasierer",
    "Die Seife",
    "Der Kamm",
    "Die Bürste",
    "Das Pflaster",
)
# The same things in English, in the same order.
BATHROOM_EN = (
    "The nail scissors",
    "The paper scissors",
    "The hair scissors",
    "The garden scissors",
    "The hairdryer",
    "The towel",
    "The toothbrush",
    "The razor",
    "The soap",
    "The comb",
    "The brush",
    "The plaster",
)
