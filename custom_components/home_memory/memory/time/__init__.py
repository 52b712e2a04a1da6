"""Time as people say it: time words read as windows, event times told in words.

`expressions.py` reads "yesterday evening", "am 26. Februar", "the last time"
from a question or statement; `spoken.py` says when something happened ("on
Tuesday 26 February, a little after ten", "gestern Abend"); the words of each
language are the JSON tables beside them (`phrases.py`). Pure: the moment,
time zone and language are always given.
"""
