"""spaCy pipelines shared by every detector of a process, each with the lock its users take turns on.

A process that builds several detectors (the served assistant's detection, egress check and
answer gate; every test that builds an assistant) loaded the same spaCy pipeline once per
detector: about 0.6 s and one more copy of the weights each time.  :func:`shared_pipeline` loads a
pipeline once per (name or directory, excluded components) and hands out the same object with one
lock.  The lock is the pipeline's, not the caller's: a memory zone belongs to the vocabulary, so
two threads in zones of one pipeline would free each other's strings (see the NER and tagger
detectors, which hold the lock for the whole zone).  A directory is keyed with the modification
time of its ``config.cfg`` and ``meta.json``, so a model retrained in place is loaded again.

A pipeline is loaded with a warm vocabulary (:func:`warm_vocabulary`; setting
``detector.warm_vocabulary``, on by default, off for a process that reads one text, e.g.
``python -m pipelines.demo``; a later caller that asks for it warms a pipeline loaded cold): the most frequent words
of its language (of the five languages for the multilingual tagger), tokenized once outside any
memory zone, so that their lexemes and tokenizer-cache entries outlive every request's zone.
Inside a zone spaCy would build them again for each text (the tagger spent a fifth of its time
there); the words are public frequency lists, never text the detectors saw.  Pipelines are loaded
by :func:`load_pipeline` (spaCy's load without third-party factory plugins, and with spaCy's French
``token_match`` regex in a form that compiles ten times faster: :mod:`local_model.detection.french_tokens`).

:func:`limit_blas_threads` caps the process's BLAS thread pool (one thread by default, setting
``detector.blas_threads``).  The NumPy NER decoder multiplies small matrices per text; with
OpenBLAS's default pool of one thread per core, each product waits for its slowest thread, and
on a host whose other core is busy (the local vLLM CPU worker busy-polls a core for a second
after every generation) detection took twice as long.  One thread: the same speed on an idle
machine, none of the slowdown next to the model server (README, "The BLAS pool").
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class SharedPipeline:
    nlp: Any
    lock: threading.Lock
    #: whether :func:`warm_vocabulary` ran on it (once per pipeline, whoever asks first)
    warmed: bool = False


_CACHE: dict[tuple[str, tuple[str, ...], tuple[int, ...]], SharedPipeline] = {}
_CACHE_LOCK = threading.Lock()


def _version(source: str | Path) -> tuple[int, ...]:
    if not isinstance(source, Path):
        return ()
    return tuple(p.stat().st_mtime_ns for p in (source / "config.cfg", source / "meta.json") if p.is_file())


#: frequent words per language kept in a pipeline's vocabulary and tokenizer cache (0: none)
WARM_WORDS_PER_LANGUAGE = 5000
_WARM_LANGUAGES = ("en", "es", "fr", "de", "nl")


def warm_vocabulary(
    nlp: Any, per_language: int = WARM_WORDS_PER_LANGUAGE, languages: Sequence[str] | None = None
) -> int:
    """Tokenize the ``per_language`` most frequent words (``wordfreq``, bundled data), lower case
    and capitalised, outside any memory zone; returns the number of words.  A pipeline of one of
    the five languages (``nlp.lang``: the English, Spanish, French NER) gets its own language's
    words, since it reads only text in that language; a multilingual one (the tagger, ``xx``)
    gets all five (``languages``: those instead, e.g. the language packs' model gets the packs' words).  Call it right
    after loading, before the pipeline is shared between threads."""
    if per_language <= 0:
        return 0
    from wordfreq import top_n_list

    words: dict[str, None] = {}
    if languages is None:
        languages = (nlp.lang,) if nlp.lang in _WARM_LANGUAGES else _WARM_LANGUAGES
    for lang in languages:
        for word in top_n_list(lang, per_language):
            words[word] = None
            words[word.capitalize()] = None
    listed = list(words)
    for i in range(0, len(listed), 5000):
        nlp.tokenizer(" ".join(listed[i : i + 5000]))
    return len(listed)


def limit_blas_threads(threads: int) -> None:
    """Cap every BLAS library loaded in this process (NumPy's OpenBLAS) at ``threads`` threads, for
    the rest of the process; ``0`` leaves them as they are.  Process-wide on purpose: the pool is
    the library's, and a limit entered and left around each call would race between request
    threads."""
    if threads < 0:
        raise ValueError(f"blas threads must be >= 0, not {threads}")
    if threads:
        from threadpoolctl import threadpool_limits

        threadpool_limits(limits=threads, user_api="blas")


_PLUGIN_LOCK = threading.Lock()


def load_pipeline(source: str | Path, exclude: Sequence[str] = ()) -> Any:
    """``spacy.load(source, exclude=...)`` without loading the third-party component factories that
    installed packages advertise (entry points ``spacy_factories``).  ``Language.__init__`` imports
    every one of them on every load; presidio-analyzer's (``presidio_hf_token_pipe``) imports
    transformers and torch, 6-9 s of each process's start-up on 2 cores.  The detectors' pipelines
    (spaCy's packaged models, the trained tagger) use spaCy's own components only; a model that
    needs a plugin's component fails to load with spaCy's "unknown factory" error."""
    from local_model.detection.french_tokens import install, lazily_compiled

    install()  # before spaCy's French defaults are first imported
    import spacy
    import spacy.util

    plugins = spacy.util.registry._entry_point_factories
    with _PLUGIN_LOCK, lazily_compiled():
        before = plugins.entry_points
        plugins.entry_points = False
        try:
            return spacy.load(source, exclude=list(exclude))
        finally:
            plugins.entry_points = before


def shared_pipeline(
    source: str | Path, exclude: Sequence[str] = (), warm: bool = True, warm_languages: Sequence[str] | None = None
) -> SharedPipeline:
    """The process's pipeline for ``source`` (an installed package name or a model directory)
    without the ``exclude`` components, loaded with ``spacy.load`` on first use; ``warm``: with a
    warm vocabulary (warmed now, under the pipeline's lock, if it was loaded cold; ``warm_languages``: whose
    frequent words, default :func:`warm_vocabulary`'s)."""
    key = (str(Path(source).resolve()) if isinstance(source, Path) else source, tuple(exclude), _version(source))
    with _CACHE_LOCK:
        found = _CACHE.get(key)
        if found is None:
            found = SharedPipeline(load_pipeline(source, exclude), threading.Lock())
            _CACHE[key] = found
    if warm and not found.warmed:
        with found.lock:  # no other thread is inside a memory zone of this pipeline meanwhile
            if not found.warmed:
                warm_vocabulary(found.nlp, languages=warm_languages)
                found.warmed = True
    return found
