"""The one calibration table of the rules, the span composers and mention propagation, by name.

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
        # a user name after its key ("login: ...") is no frequent word; a bare handle is rarer still
        "login_value": 4.0,
        "handle_after_key": 3.0,
        # the parts of a handle that name someone ("leslie529", "tracy-campbell"; not "may", "june")
        "handle_name_part": 4.5,
        # a Discord tag's name ("nyx#4471"; not "order#4471"), a handle built from the name before it
        "handle_tag_name": 3.5,
        "handle_of_name": 3.5,
        # greetings and sign-offs: a lower-case first name rarer than this, a capitalised one (or one
        # followed by a listed surname) rarer than the next
        "cue_name_lower": 5.0,
        "cue_name_capitalised": 5.5,
        # the parts after a first name that still belong to the name (rare words)
        "cue_name_rare_part": 3.0,
        # in a language pack's text, the same cues measured in the pack's language: a first word
        # this frequent there is a function word ("po", "do", "ben"; names stay below ~5.5) and the
        # parts after it rarer than the next ("aktualizacji" is no name part)
        "cue_name_pack_head": 6.0,
        # a special-category phrase grows back to its clause's first word when that word, capitalised, is
        # this frequent in the pack's language ("Tenho", "Mam": no name), though a name list holds it
        "clause_initial_word": 5.5,
        # a one-word medicine name this frequent in a pack's language is the language's word ("calcio", "parabéns",
        # "iletin", "Ukrainie" read with a case ending), no medicine ("insulina" 3.4, "aspirina" 3.1 stay)
        "pack_medicine_word": 3.5,
        "cue_name_pack_rare_part": 3.0,
        # a first-person adjective of the packs that says the writer's gender: it and its other
        # form ("cansada"/"cansado") both at least this frequent in the language
        "writer_adjective": 2.0,
        # "surname spelt PARTRIDGE": a capitalised word after a strong cue
        "cue_name_strong": 4.5,
        # the name that ends a message alone ("... thanks. Gavin"; not "Will", "Mark")
        "last_name_alone": 4.6,
        # a city after "in"/"to" (lower case: rare or a major city), a one-word city
        "cue_place_lower": 3.0,
        "cue_place_word": 4.5,
        # ... and in a pack's text, a lower-case one no word this frequent in the pack's language
        # ("preciso de ajuda" 5.4; towns reach ~4.7 in their own language: "Reus", "Vic")
        "cue_place_pack_word": 5.0,
        # ... a city named with its article ("a la spezia", "all'aquila"): the word after the article this rare
        # ("la línea" 4.3, "el centro" 5.4, "la huerta" 3.8, "el molar" 3.03 are everyday words; "spezia" 2.3)
        "article_place_word": 3.0,
        # a listed political party read in any case after a word of membership: an acronym, or a name this rare,
        # and no dictionary word ("fdp", "france insoumise" 3.3; "labour" 4.7, "podemos" 5.5 are words)
        "party_any_case": 4.5,
        # a capitalised word before "/Province" or ", Town'da" that no detector read is a district
        # when it is rarer than this in every language (district names reach ~4.6 in their own
        # language: "Kadıköy"; "Merhaba", "Evet", "Ancak" are above 5)
        "district_word": 5.0,
        # job cues: a suffix-made job word is rare ("-ologist"), a title's first word no function word
        "job_suffix_word": 4.0,
        "job_title_first_word": 6.0,
        # ages: "Ruby, is 4" (a known name up to this), "Aram (3)" (a rare capitalised word)
        "age_subject_name": 5.0,
        "age_named": 4.5,
        "age_bracketed_word": 4.0,
        # "Mr Okafor": the word after a title is a listed name rarer than this
        "title_name": 4.5,
        # "Mark your calendars": a word of the dictionary this frequent opening a sentence before "your" is a verb
        "imperative_word": 4.0,
        # "Back-off", "Read-only": a capitalised head of a compound in small letters this frequent (and no listed
        # first name: "Jae-won") is a word, no name
        "compound_head": 4.0,
        # a chat line's reply after a name key ("Cliente: sí, pero nada"): a word only the first-name lists hold,
        # this frequent in a language read, is that language's word ("pero", "nada", "ja"; "ana" 5.5 is a name)
        "reply_function_word": 6.0,
        # acronyms and CamelCase brands: no frequent word
        "acronym": 3.5,
        # ... nor a word of the text's pack language typed in capitals ("VAIG", "JEST"; firms such as
        # "CGIL", "PKO", "TIM" stay below)
        "acronym_pack": 4.5,
        # an all-caps word rare in every language ("ZELVATRONIC") is a name
        "rare_caps": 2.0,
        # ... and not a frequent word of the text's language pack (UWAGA, FAKTURA), unless a listed name
        "rare_caps_pack": 2.5,
        # self-introductions: a word after "I am" stops the name when this frequent ("I am happy") ...
        "self_intro_stop": 3.2,
        # ... unless it is a known name rarer than this ("soy iñigo") or no word and rarer than the next
        "self_intro_name": 4.5,
        "name_not_word": 5.5,
        # "my son mark" (a name that is also a word, rarer than this), not "my mother will"
        "relative_name": 4.9,
        # a lower-case first name + surname pair without a cue: each part rarer than these as a
        # word ("margaret" 4.2, "hughes" 4.1; not "grace", "will", "brown"), a dictionary word
        # rarer still, and neither a frequent word of a language pack ("quero", "bir")
        "lower_pair_first": 4.5,
        "lower_pair_surname": 4.5,
        "lower_pair_word": 3.0,
        "lower_pair_pack": 5.0,
        # organisation names: a rare word, a place name rarer than the next, a head-first name
        "org_rare_word": 3.5,
        "org_place_word": 5.5,
        "org_head_name": 4.0,
        # lower-case places ("isnt it in tampere"): rarer than this
        "lowercase_place": 3.0,
        # ... and, in a language pack's text, no word of that language this frequent (a major city aside)
        "lowercase_place_pack": 4.5,
        # ... the rule that reads lower-case places without a cue: stricter still (a verb or noun of the
        # pack at 4.0-4.5 is that word: "engano", "atur", "capaci"; lower-case towns come with a cue)
        "lowercase_place_pack_cueless": 4.0,
        # a capitalised word rare in the five core languages is a name only when the text's pack
        # language does not use it this often ("Potrzebuję", "Condições", "Dönüşünüzü")
        "rare_capitalised_pack": 5.0,
        # special categories: short health terms that are everyday words ("add", "ms") ...
        "health_short_term": 4.0,
        # ... stay words unless written in capitals when this frequent
        "health_word_sense": 4.5,
        # "Maria has asthma": the subject is a rare word, or a known first name rarer than the next
        "named_subject_rare": 4.0,
        "named_subject_name": 5.0,
        # a same-sex partner's name next to the partner word
        "partner_name": 5.0,
        # composers: a listed first name or surname next to a name is part of it below this (the lists
        # hold "se", "era"); a dictionary word that is also a name ("Rose") only below the next; an
        # unlisted word only in Title/upper case, rarer than the third, and no dictionary word
        "name_part": 5.6,
        "name_part_word": 3.0,
        "name_part_rare": 2.5,
        # the NER's small-letter person spans: a listed name of two letters this frequent is a function word
        # ("an", "de"), no evidence of a name
        "ner_lower_function_word": 5.5,
        # mention propagation: a single word this common recurs as a name only when it is a known
        # name; a rare part of a name (or a known one below the third) recurs alone
        "mention_common": 3.5,
        "mention_rare_part": 3.0,
        "mention_known_part": 4.6,
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
