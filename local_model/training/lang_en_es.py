"""Criminal records and immigration status for English and Spanish (groups ``criminal`` and
``immigration``), hand-written: templates and the value pools they draw from.

The original languages' generator does not use these groups unless asked (``--extended``), so
that their files stay what they were; the new languages always do.  ``crim`` is a status said of
a person (``on parole``, ``en libertad condicional``), ``record`` a record one has (``a criminal
record``, ``antecedentes penales``), ``immig`` an immigration status (``an asylum seeker``,
``en situación irregular``); an article or ``como`` stays outside the span.
"""

from __future__ import annotations

from local_model.training.langdata import T, lines

SENTENCES: dict[str, dict[str, T]] = {
    "en": {
        "criminal": lines(r"""
            I'm {crim} until March, so I can't leave the country.
            My brother is {crim} and can't change address without telling the court.
            Since I'm {crim}, I need the internet working for my check-ins.
            My son is {crim}, so the contract has to be in my name.
            I've been {crim} since the summer and I'm trying to get back to work.
            I have {record}, does that affect my application?
            my dad has {record} and the landlord found out
            The job offer was withdrawn because of my {record_bare}.
            Please don't send anything to my old address: I'm {crim} now and live with my sister.
            I was told having {record} doesn't matter for a phone contract, is that right?
        """),
        "immigration": lines(r"""
            I'm {immig} and need to open a basic account.
            My sister is {immig} and can't get a contract in her own name.
            I'm {immig}, so I don't have a passport from here yet.
            my brother is {immig} and the bank closed his account
            I'm {immig} and my caseworker said you accept the ARC card as ID.
            As I'm {immig}, I can't sign a 24-month contract.
            My cousin is {immig} and the letters keep going to the hostel.
            I'm {immig}; my lawyer has my documents at the moment.
        """),
    },
    "es": {
        "criminal": lines(r"""
            Estoy {crim} y no puedo salir del país hasta marzo.
            Mi hermano está {crim_m} y no puede cambiar de domicilio sin avisar al juzgado.
            Como estoy {crim}, necesito internet para las comparecencias.
            Mi hijo está {crim_m}, así que el contrato tiene que ir a mi nombre.
            Tengo {record}, ¿eso afecta a la solicitud?
            mi padre tiene {record} y el casero se ha enterado
            Me retiraron la oferta de trabajo por tener {record}.
            No manden nada a mi antigua dirección: ahora estoy {crim} y vivo con mi hermana.
            Me dijeron que tener {record} no importa para contratar una línea, ¿es así?
        """),
        "immigration": lines(r"""
            Estoy en España {immig} y necesito abrir una cuenta básica.
            Mi hermana está aquí {immig_f} y no puede hacer un contrato a su nombre.
            Estoy {immig}, así que todavía no tengo NIE definitivo.
            mi hermano está {immig_m} y el banco le cerró la cuenta
            Estoy {immig} y en la ONG me dijeron que aceptan la tarjeta roja como documento.
            Como estoy {immig}, no puedo firmar un contrato de permanencia.
            Mi primo está {immig_m} y las cartas siguen llegando al albergue.
            Estoy {immig}; mi abogada tiene ahora mis papeles.
        """),
    },
}

VOCAB: dict[str, dict[str, T]] = {
    "en": {
        "crim": lines("""
            on parole
            on probation
            on licence
            on an electronic tag
            on a curfew tag
            under house arrest
            in an open prison
            on bail
            out on bail
            serving a suspended sentence
            on a community order
            awaiting trial for fraud
            on supervised release
            wearing an ankle monitor
            under a restraining order
            doing community service
            on day release from prison
        """),
        "record": lines("""
            a criminal record
            a conviction for shoplifting
            a drink-driving conviction
            an unspent conviction
            a caution for possession
            a DUI
            a pending court case
            a conviction for assault
            a suspended sentence
            a fraud conviction
            previous convictions
            a spent conviction
        """),
        "immig": lines("""
            an asylum seeker
            a refugee
            undocumented
            in the asylum process
            waiting on a Home Office decision
            facing deportation
            on humanitarian protection
            without leave to remain
            an overstayer
            under a removal order
            on temporary protection
            a failed asylum seeker
            waiting for my residence permit
            stateless
        """),
    },
    "es": {
        "crim": lines("""
            en libertad condicional
            con pulsera telemática
            en arresto domiciliario
            en tercer grado
            en régimen abierto
            en libertad provisional
            con la condena suspendida
            condenad[[o|a]] por un delito de lesiones
            investigad[[o|a]] por estafa
            pendiente de juicio por un robo
            cumpliendo trabajos en beneficio de la comunidad
            con una orden de alejamiento
            en libertad vigilada
            con permisos penitenciarios
        """),
        "record": lines("""
            antecedentes penales
            una condena por conducir bebido
            un juicio pendiente
            una orden de alejamiento
            antecedentes por hurto
            una condena por lesiones
            una causa abierta por estafa
            una condena suspendida
            antecedentes policiales
        """),
        "immig": lines("""
            como solicitante de asilo
            como refugiad[[o|a]]
            en situación irregular
            sin papeles
            con la residencia denegada
            pendiente del arraigo
            con una orden de expulsión
            con protección internacional
            con la tarjeta roja
            con protección temporal
            con el permiso de residencia caducado
            indocumentad[[o|a]]
            esperando la resolución del asilo
        """),
    },
}

ARTICLES: dict[str, frozenset[str]] = {
    "en": frozenset({"a", "an", "the"}),
    "es": frozenset({"el", "la", "los", "las", "un", "una", "unos", "unas", "como"}),
}
