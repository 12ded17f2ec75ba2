"""The one calibration table of the rule catalogue: scores and word-frequency cut-offs, by name.

A rule that asks "is this word common?" or reports a hit with a score reads the number here, by
its name, instead of writing it inline: the cut-offs are tuned together (``eval.pii_bench --by
rule`` shows what each rule adds and costs), and a change is one line with its reason.

``ZIPF`` holds Zipf frequencies (``local_model.text.words.zipf``: the highest frequency of a
word over en/fr/de/nl/es; 7 is "the", 3 a word seen once per million words, 1 a rarity).
``SCORE`` holds the confidence of hits: validated matches score 1.0 (``base.VALIDATED``); the
merge drops spans under ``detector.min_score`` (0.3) and ranks by source first, score second.
A key that is not in a table is an error at import time of the rule that asks for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

ZIPF: Mapping[str, float] = MappingProxyType(
    {
        # identifiers and user names made of common words are no identifiers ("issue_1", "user.name")
        "identifier_common_part": 3.3,
        # special categories: short health terms that are everyday words ("add", "ms") ...
        "health_short_term": 4.0,
        # ... stay words unless written in capitals when this frequent
        "health_word_sense": 4.5,
        # "Maria has asthma": the subject is a rare word, or a known first name rarer than the next
        "named_subject_rare": 4.0,
        "named_subject_name": 5.0,
        # a same-sex partner's name next to the partner word
        "partner_name": 5.0,
    }
)

SCORE: Mapping[str, float] = MappingProxyType(
    {
        # the exact layout of a checksummed identifier whose check digits fail (a typo is still one)
        "checksum_typo": 0.9,
        # the right shape, nothing confirms it
        "shape_only": 0.6,
    }
)
