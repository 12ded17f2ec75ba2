"""spaCy plumbing for the tagger: tokenizer rules, BIO DocBin conversion, the training config.

The tokenizer is spaCy's multilingual (``xx``) one plus a few infix rules, so that values glued
to their field names in JSON, code, CSV and logs (``"name":"Ana"``, ``User(name='Ana')``,
``x.com,612345678``, ``DNI:48291637D``, ``tel.612345678``) start and end on token boundaries.
The rules are stored in the trained pipeline's ``tokenizer`` file, so loading the model needs
nothing from this module.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from local_model.training.generator import Example
from signatures.entities import Label

#: the labels the tagger is trained on (a subset of :class:`signatures.entities.Label`)
TAGGER_LABELS: tuple[Label, ...] = (
    Label.PERSON,
    Label.USERNAME,
    Label.EMAIL,
    Label.PHONE,
    Label.NATIONAL_ID,
    Label.IBAN,
    Label.IP_ADDRESS,
    Label.STREET_ADDRESS,
    Label.CITY,
    Label.POSTCODE,
    Label.AGE,
    Label.DATE_OF_BIRTH,
    Label.ORGANIZATION,
    Label.JOB,
    Label.HEALTH,
    Label.RELIGION,
    Label.SEXUAL_ORIENTATION,
    Label.POLITICS,
    Label.ACCOUNT_NUMBER,
    Label.CONTRACT_NUMBER,
    Label.CRIMINAL_RECORD,
    Label.IMMIGRATION_STATUS,
)

EXTRA_INFIXES: tuple[str, ...] = (
    r"[=;|(){}\[\]<>\"“”«»]",  # structure characters always separate tokens
    r"(?<=\S),(?=\S)",  # CSV and "name@host,com": a comma between two non-spaces
    r"(?<=\S):(?=\S)",  # "DNI:48291637D", "user:marco311", JSON
    r"(?<=[=:(\[{,])['`‘’]",  # an opening quote after "=", ":", "(" ...
    r"['`‘’](?=[=:)\]},;])",  # a closing quote before them
    r"(?<=[^\W\d_])\.(?=\d)",  # "tel.612345678"
    r"\t",
)
TOKENIZER_CALLBACK = "pii_tagger.tokenizer.v1"


#: a final "." after a letter or digit is its own token ("48291637-D.", "1ºB.", "S.L.")
EXTRA_SUFFIXES: tuple[str, ...] = (r"(?<=\w)\.",)
#: spaCy's URL matcher keeps "Email:ana@x.com" or "x,ana@x.com" in one token; it is replaced by
#: a pattern that never matches (a pattern, not None: None would restore the default on load)
NO_URL_MATCH = r"(?!)"


def fast_infix_regex(patterns: Iterable[str]) -> re.Pattern[str]:
    """spaCy's ``compile_infix_regex`` behind a ``(?=\\W)`` guard.

    Every infix (spaCy's and ours) starts at a character that is not a word character, so the
    guard changes no match; it lets the engine reject letters and digits with one test instead of
    trying every alternative (with their Unicode classes of thousands of characters) at every
    position: spaCy's tokenizer spent most of its time in ``find_infix`` without it.
    """
    return re.compile(r"(?=\W)(?:" + "|".join(patterns) + ")")


def customize_tokenizer(nlp: Any) -> Any:
    """Add :data:`EXTRA_INFIXES` and :data:`EXTRA_SUFFIXES` to ``nlp``'s tokenizer and turn its
    URL matcher off (idempotent: built from the language defaults); returns ``nlp``."""
    from spacy.util import compile_suffix_regex

    infixes = list(nlp.Defaults.infixes or [])
    suffixes = list(nlp.Defaults.suffixes or [])
    nlp.tokenizer.infix_finditer = fast_infix_regex([*infixes, *EXTRA_INFIXES]).finditer
    nlp.tokenizer.suffix_search = compile_suffix_regex([*suffixes, *EXTRA_SUFFIXES]).search
    nlp.tokenizer.url_match = re.compile(NO_URL_MATCH).match
    return nlp


def register_callbacks() -> None:
    """Register the tokenizer callback that the training config names (``[initialize.before_init]``)."""
    from spacy.util import registry

    if TOKENIZER_CALLBACK in registry.callbacks:
        return

    @registry.callbacks(TOKENIZER_CALLBACK)  # type: ignore[untyped-decorator]
    def _make() -> Callable[[Any], Any]:
        return customize_tokenizer


def blank_nlp() -> Any:
    """A blank multilingual pipeline with the tagger's tokenizer rules."""
    import spacy

    return customize_tokenizer(spacy.blank("xx"))


@dataclass
class ConversionReport:
    docs: int = 0
    spans: int = 0
    misaligned_spans: int = 0
    dropped_docs: int = 0
    misaligned_by_label: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)  # a few misaligned span shapes (no values)

    def as_dict(self) -> dict[str, Any]:
        return {
            "docs": self.docs,
            "spans": self.spans,
            "misaligned_spans": self.misaligned_spans,
            "dropped_docs": self.dropped_docs,
            "misaligned_by_label": dict(self.misaligned_by_label),
        }


def bio_tags(n_tokens: int, spans: Iterable[tuple[int, int, str]]) -> list[str]:
    """BIO tags for token spans ``(first_token, last_token_exclusive, label)``."""
    tags = ["O"] * n_tokens
    for start, end, label in spans:
        tags[start] = f"B-{label}"
        for i in range(start + 1, end):
            tags[i] = f"I-{label}"
    return tags


def to_docbin(examples: Iterable[Example], nlp: Any, report: ConversionReport | None = None) -> Any:
    """Gold docs for spaCy, with BIO tags in ``token.tag_`` (and the spans in ``doc.ents``).

    A document with a span that does not fall on token boundaries
    (``char_span(..., alignment_mode="strict")`` is None) is dropped whole and counted.
    """
    from spacy.tokens import DocBin

    report = report if report is not None else ConversionReport()
    db = DocBin(attrs=["ORTH", "TAG", "ENT_IOB", "ENT_TYPE"], store_user_data=False)
    for ex in examples:
        doc = nlp.make_doc(ex.text)
        ents = []
        ok = True
        for s in ex.spans:
            span = doc.char_span(s.start, s.end, label=s.label.value, alignment_mode="strict")
            report.spans += 1
            if span is None:
                report.misaligned_spans += 1
                report.misaligned_by_label[s.label.value] += 1
                if len(report.examples) < 20:
                    left = ex.text[max(0, s.start - 1) : s.start]
                    right = ex.text[s.end : s.end + 1]
                    report.examples.append(f"{s.label.value}: {left!r}|...|{right!r}")
                ok = False
                continue
            ents.append(span)
        if not ok:
            report.dropped_docs += 1
            continue
        doc.set_ents(ents, default="outside")
        for token, tag in zip(doc, bio_tags(len(doc), ((e.start, e.end, e.label_) for e in ents)), strict=True):
            token.tag_ = tag
        db.add(doc)
        report.docs += 1
    return db


@dataclass(frozen=True)
class ModelShape:
    """Network size: small on purpose (inference well under 15 ms per 1,000 characters on one core).

    The pipeline is one spaCy ``tagger`` predicting BIO tags (``B-PERSON``, ``I-PERSON``, ``O``)
    on its own CNN tok2vec (``HashEmbedCNN``: NORM/PREFIX/SUFFIX/SHAPE hash embeddings).  spaCy's
    transition-based ``ner`` on the same tok2vec measured ~25 ms per 1,000 characters here: its
    per-token action loop over 81 moves (20 labels) cost twice the network itself; the tagger is
    one matrix product per token and its softmax gives each span a probability.
    """

    width: int = 64
    depth: int = 3
    embed_size: int = 5000
    window_size: int = 1
    maxout_pieces: int = 2


@dataclass(frozen=True)
class TrainSchedule:
    max_steps: int = 12000
    max_epochs: int = 0
    eval_frequency: int = 500
    patience: int = 3000
    dropout: float = 0.1
    learn_rate: float = 0.001
    batch_start: int = 100
    batch_stop: int = 1000


CONFIG_TEMPLATE = """
[paths]
train = null
dev = null
vectors = null
init_tok2vec = null

[system]
gpu_allocator = null
seed = {seed}

[nlp]
lang = "xx"
pipeline = ["tagger"]
batch_size = 256
disabled = []
before_creation = null
after_creation = null
after_pipeline_creation = null
tokenizer = {{"@tokenizers":"spacy.Tokenizer.v1"}}
vectors = {{"@vectors":"spacy.Vectors.v1"}}

[components]

[components.tagger]
factory = "tagger"
label_smoothing = 0.0
neg_prefix = "!"
overwrite = false
scorer = {{"@scorers":"spacy.tagger_scorer.v1"}}

[components.tagger.model]
@architectures = "spacy.Tagger.v2"
nO = null
normalize = false

[components.tagger.model.tok2vec]
@architectures = "spacy.HashEmbedCNN.v2"
pretrained_vectors = null
width = {width}
depth = {depth}
embed_size = {embed_size}
window_size = {window_size}
maxout_pieces = {maxout_pieces}
subword_features = true

[corpora]

[corpora.dev]
@readers = "spacy.Corpus.v1"
path = ${{paths.dev}}
max_length = 0
gold_preproc = false
limit = 0
augmenter = null

[corpora.train]
@readers = "spacy.Corpus.v1"
path = ${{paths.train}}
max_length = 0
gold_preproc = false
limit = 0
augmenter = null

[training]
dev_corpus = "corpora.dev"
train_corpus = "corpora.train"
seed = ${{system.seed}}
gpu_allocator = ${{system.gpu_allocator}}
dropout = {dropout}
accumulate_gradient = 1
patience = {patience}
max_epochs = {max_epochs}
max_steps = {max_steps}
eval_frequency = {eval_frequency}
frozen_components = []
annotating_components = []
before_to_disk = null
before_update = null

[training.batcher]
@batchers = "spacy.batch_by_words.v1"
discard_oversize = false
tolerance = 0.2
get_length = null

[training.batcher.size]
@schedules = "compounding.v1"
start = {batch_start}
stop = {batch_stop}
compound = 1.001
t = 0.0

[training.logger]
@loggers = "spacy.ConsoleLogger.v1"
progress_bar = false

[training.optimizer]
@optimizers = "Adam.v1"
beta1 = 0.9
beta2 = 0.999
L2_is_weight_decay = true
L2 = 0.01
grad_clip = 1.0
use_averages = true
eps = 0.00000001
learn_rate = {learn_rate}

[training.score_weights]
tag_acc = 1.0

[pretraining]

[initialize]
vectors = ${{paths.vectors}}
init_tok2vec = ${{paths.init_tok2vec}}
vocab_data = null
lookups = null
before_init = {{"@callbacks":"{callback}"}}
after_init = null

[initialize.components]

[initialize.tokenizer]
"""


def write_config(path: Path, *, seed: int, shape: ModelShape, schedule: TrainSchedule) -> Path:
    """Write the spaCy training config (validated by thinc's parser) and return its path."""
    from thinc.api import Config

    text = CONFIG_TEMPLATE.format(seed=seed, callback=TOKENIZER_CALLBACK, **vars(shape), **vars(schedule))
    Config().from_str(text)  # raises on a malformed config
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
