"""Train/held-out splitting of value pools by a stable hash (no project imports but the errors).

Every value that carries an identity belongs to exactly one split: ``split_of(value)`` hashes its
folded text (a leading article left out), and one value in :data:`HELDOUT_ONE_IN` goes to
``heldout``.  :mod:`local_model.training.values` re-exports all of this; the pools of the
languages added later (:mod:`local_model.training.values_langs`) import it from here so that they
load nothing of the detector's lexicons.
"""

from __future__ import annotations

import hashlib
import random
import unicodedata
from collections.abc import Callable, Sequence
from typing import Literal

from signatures.errors import PoolError

Split = Literal["train", "heldout"]
SPLITS: tuple[Split, ...] = ("train", "heldout")
HELDOUT_ONE_IN = 5

#: articles left outside a span ("a stroke" -> "stroke"); a value and its article-less form are
#: one value for the split
ARTICLES = frozenset(
    {
        "a",
        "an",
        "the",
        "un",
        "una",
        "el",
        "la",
        "los",
        "las",
        "une",
        "le",
        "les",
        "einen",
        "eine",
        "den",
        "die",
        "das",
        "een",
        "de",
        "het",
    }
)


def fold(value: str) -> str:
    """Case- and accent-insensitive key of a value."""
    decomposed = unicodedata.normalize("NFKD", value.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def split_key(value: str) -> str:
    """What the split hash is computed on: the folded value without a leading article, so that
    "una arritmia" and "arritmia" fall in the same split."""
    key = fold(value)
    head, _, rest = key.partition(" ")
    return rest if rest and head in ARTICLES else key


def split_of(value: str) -> Split:
    """The split a value belongs to: a stable hash of its key (``heldout`` for 1 in 5)."""
    digest = hashlib.sha256(("pii-tagger-split:" + split_key(value)).encode("utf-8")).digest()
    return "heldout" if int.from_bytes(digest[:8], "big") % HELDOUT_ONE_IN == 0 else "train"


def _hash_rank(value: str) -> bytes:
    return hashlib.sha256(("pii-tagger-rank:" + split_key(value)).encode("utf-8")).digest()


def split_pool(values: Sequence[str], split: Split, name: str) -> tuple[str, ...]:
    """The members of ``values`` that belong to ``split`` (deduplicated on the folded key).

    Small pools (a few fr/de/nl terms) can hash entirely into one split; then the values are
    ranked by a second hash and every fifth one, the first included, is held out, so that both
    splits stay non-empty and disjoint.
    """
    unique: dict[str, str] = {}
    for v in values:
        unique.setdefault(fold(v), v)  # "una arritmia" and "arritmia" both stay (same split_key)
    members = list(unique.values())
    sides = {v: split_of(v) for v in members}
    if len(members) >= 2 and len(set(sides.values())) < 2:  # one side empty: rank both sides instead
        ranked = sorted(members, key=_hash_rank)
        sides = {v: ("heldout" if i % HELDOUT_ONE_IN == 0 else "train") for i, v in enumerate(ranked)}
    out = [v for v in members if sides[v] == split]
    if not out:
        raise PoolError(f"value pool {name!r} has no {split} values ({len(values)} values in all)")
    return tuple(out)


def pick(rng: random.Random, pool: Sequence[str]) -> str:
    return pool[rng.randrange(len(pool))]


def draw_in_split(make: Callable[[], str], split: Split, what: str, tries: int = 200) -> str:
    """Call ``make`` until it returns a value of ``split`` (rejection sampling on the split hash)."""
    for _ in range(tries):
        value = make()
        if split_of(value) == split:
            return value
    raise PoolError(f"no {split} value for {what} after {tries} draws")
