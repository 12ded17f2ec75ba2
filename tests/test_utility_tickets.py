"""The utility benchmark's ticket generator: determinism, offsets, coverage, split disjointness, CLI."""

from __future__ import annotations

import ipaddress
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from eval import utility_tickets as ut

N = 300
Ticket = dict[str, Any]
#: keep kinds whose values come from the split-partitioned vocabulary (the others are generated numbers)
POOLED_KINDS = ("brand", "product_model", "plan", "landmark", "protocol", "error_code", "code_symbol", "public_url",
                "file_path")  # fmt: skip


@pytest.fixture(scope="module")
def corpora() -> dict[str, list[Ticket]]:
    return {split: ut.generate(split, N, 13, ut.LANGS) for split in ut.SPLITS}


def _spans(tickets: list[Ticket]) -> Iterator[Ticket]:
    for ticket in tickets:
        yield from ticket["spans"]


def test_same_seed_same_tickets_and_prefix_stable() -> None:
    a = ut.generate("dev", 40, 7, ut.LANGS)
    assert a == ut.generate("dev", 40, 7, ut.LANGS)
    assert a[:15] == ut.generate("dev", 15, 7, ut.LANGS)  # ticket i does not depend on n
    assert a != ut.generate("dev", 40, 8, ut.LANGS)
    assert [t["text"] for t in a] != [t["text"] for t in ut.generate("train", 40, 7, ut.LANGS)]


_DIGEST = (
    "import hashlib, json\n"
    "from eval.utility_tickets import generate\n"
    "h = hashlib.sha256()\n"
    "for split in ('train', 'dev', 'heldout'):\n"
    "    for t in generate(split, 120, 13, ('it', 'en', 'es', 'pt', 'fr', 'de')):\n"
    "        h.update(json.dumps(t, sort_keys=True).encode())\n"
    "print(h.hexdigest())\n"
)


def test_tickets_do_not_depend_on_string_hashing() -> None:
    """Two processes with different hash seeds write the same tickets (a Faker pool built from a set,
    it_IT's cities, once drew different towns on every run)."""
    root = Path(__file__).resolve().parents[1]
    digests = {
        subprocess.run(
            [sys.executable, "-c", _DIGEST],
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        ).stdout.strip()
        for seed in ("1", "2")
    }
    assert len(digests) == 1, digests


@pytest.mark.parametrize("split", ut.SPLITS)
def test_offsets_round_trip(corpora: dict[str, list[Ticket]], split: str) -> None:
    tickets = corpora[split]
    assert len(tickets) == N
    assert len({t["id"] for t in tickets}) == N
    for i, ticket in enumerate(tickets):
        assert set(ticket) == {"id", "language", "split", "text", "spans"}
        assert ticket["id"] == f"ut-{split}-13-{i + 1:04d}"
        assert ticket["split"] == split and ticket["language"] in ut.LANGS
        end = 0
        for span in ticket["spans"]:
            assert end <= span["start"] < span["end"]
            assert ticket["text"][span["start"] : span["end"]] == span["text"]
            assert span["text"] == span["text"].strip()
            assert set(span) == {"start", "end", "text", "action", "kind" if span["action"] == "keep" else "label"}
            end = span["end"]


def test_heldout_covers_every_kind_label_and_language(corpora: dict[str, list[Ticket]]) -> None:
    tickets = corpora["heldout"]
    spans = list(_spans(tickets))
    assert {s["kind"] for s in spans if s["action"] == "keep"} == set(ut.KEEP_KINDS)
    assert {s["label"] for s in spans if s["action"] == "mask"} == {label.value for label in ut.MASK_LABELS}
    assert {t["language"] for t in tickets} == set(ut.LANGS)
    personal = sum(any(s["action"] == "mask" for s in t["spans"]) for t in tickets)
    assert 0.35 * N < personal < 0.65 * N  # about half the tickets carry personal data
    technical_only = [t for t in tickets if not any(s["action"] == "mask" for s in t["spans"])]
    assert all(t["spans"] for t in technical_only)


def test_personal_twins_are_written(corpora: dict[str, list[Ticket]]) -> None:
    tickets = corpora["heldout"] + corpora["dev"] + corpora["train"]
    spans = [(t["text"], s) for t in tickets for s in t["spans"]]
    masks = [(text, s) for text, s in spans if s["action"] == "mask"]
    # C:\Users\<user>\...: the user name is masked, the rest of the path kept
    assert any(s["label"] == "USERNAME" and text[: s["start"]].endswith("C:\\Users\\") for text, s in masks)
    # lower-case full names and a first name reused alone after the full name
    assert any(s["label"] == "PERSON" and s["text"].islower() and " " in s["text"] for _, s in masks)
    assert any(s["label"] == "PERSON" and " " not in s["text"] and s["text"] in text[: s["start"]] for text, s in masks)
    # user=... inside a log line, and a form line with postcode and city in one field
    assert any(s["label"] == "USERNAME" and text[: s["start"]].endswith("user=") for text, s in masks)
    assert any(s["label"] == "POSTCODE" and text[s["end"] : s["end"] + 1] == "/" for text, s in masks)
    # customer IPs are public addresses
    for _, s in masks:
        if s["label"] == "IP_ADDRESS":
            assert ipaddress.ip_address(s["text"]).is_global


def test_splits_share_no_template_phrase() -> None:
    phrases = {split: ut.template_phrases(split) for split in ut.SPLITS}
    for a, b in combinations(ut.SPLITS, 2):
        assert phrases[a] and phrases[b]
        assert not phrases[a] & phrases[b], (a, b, sorted(phrases[a] & phrases[b])[:5])


def test_splits_share_no_vocabulary() -> None:
    vocab = {split: ut.vocabulary(split) for split in ut.SPLITS}
    for pool in vocab["train"]:
        for a, b in combinations(ut.SPLITS, 2):
            assert vocab[a][pool] and vocab[b][pool], pool
            assert not vocab[a][pool] & vocab[b][pool], (pool, a, b, sorted(vocab[a][pool] & vocab[b][pool])[:5])


def test_generated_values_stay_in_their_split(corpora: dict[str, list[Ticket]]) -> None:
    seen = {
        split: {kind: {s["text"] for s in _spans(corpora[split]) if s.get("kind") == kind} for kind in POOLED_KINDS}
        for split in ut.SPLITS
    }
    for kind in POOLED_KINDS:
        for a, b in combinations(ut.SPLITS, 2):
            assert not seen[a][kind] & seen[b][kind], (kind, a, b, sorted(seen[a][kind] & seen[b][kind])[:5])
    # and the brands/models/plans written are the split's own
    for split in ut.SPLITS:
        vocab = ut.vocabulary(split)
        for kind in ("brand", "plan", "landmark", "protocol", "error_code"):
            assert seen[split][kind] <= vocab[kind], kind


def test_heldout_has_shapes_of_its_own(corpora: dict[str, list[Ticket]]) -> None:
    markers = ("--- End of stack trace from previous location ---", "systemd[1]", "LAST SEEN   TYPE", "] Advisor: ")
    heldout = "\n".join(t["text"] for t in corpora["heldout"])
    others = "\n".join(t["text"] for split in ("train", "dev") for t in corpora[split])
    for marker in markers[:3]:
        assert marker in heldout and marker not in others, marker
    assert any(f"] {ut.FIELDS[lang]['agent'][2]}: " in heldout for lang in ut.LANGS)


def test_cli_writes_a_parseable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sub" / "tickets.jsonl"
    assert ut.main(["--split", "heldout", "--n", "12", "--seed", "13", "--out", str(out), "--langs", "fr", "de"]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows == ut.generate("heldout", 12, 13, ["fr", "de"])
    assert rows[0]["id"] == "ut-heldout-13-0001" and {r["language"] for r in rows} == {"fr", "de"}
    assert [p.name for p in out.parent.iterdir()] == ["tickets.jsonl"]  # no temporary file left behind
    assert "wrote 12" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--split", "dev", "--n", "0", "--seed", "1"], "positive integer"),
        (["--split", "dev", "--n", "-3", "--seed", "1"], "positive integer"),
        (["--split", "dev", "--n", "ten", "--seed", "1"], "positive integer"),
        (["--split", "test", "--n", "5", "--seed", "1"], "invalid choice"),
        (["--split", "dev", "--n", "5", "--seed", "1", "--langs", "en", "nl"], "invalid choice"),
        (["--split", "dev", "--n", "5"], "required"),
    ],
)
def test_cli_rejects_bad_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    out = tmp_path / "x.jsonl"
    with pytest.raises(SystemExit) as exc:
        ut.main([*args, "--out", str(out)])
    assert exc.value.code == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_generate_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="split"):
        ut.generate("test", 3, 1, ut.LANGS)
    with pytest.raises(ValueError, match="positive"):
        ut.generate("dev", 0, 1, ut.LANGS)
    with pytest.raises(ValueError, match="language"):
        ut.generate("dev", 3, 1, ["en", "nl"])
