"""Sentence templates, per language, in families split between ``train`` and ``heldout``.

A template is a sentence with slots: ``{slot}`` or ``{slot|modifier}`` (``lower``, ``upper``,
``cap``).  Slots are filled by :mod:`local_model.training.slots`, which knows the label of each
(``{first}`` is a PERSON, ``{product}`` is no personal data at all).  Templates are grouped by
what they teach (``GROUPS``); inside each group a stable hash ranks the templates and every
fourth one, the first included, is held out, so every group has templates in both splits and
the held-out evaluation reads sentences the tagger never saw.

Negative templates (``neg``) hold no personal data: general medical questions, products and
services in capitals, placeholders left by an anonymizer (``<PERSON_1>``): the tagger must learn
that these are not entities.
"""

from __future__ import annotations

import hashlib
from functools import cache

from local_model.training import lang_en_es, values_langs
from local_model.training.langdata import tags_of
from local_model.training.values import Split

T = tuple[str, ...]

EN: dict[str, T] = {
    "person": (
        "My name is {full} and I have been a customer for years.",
        "This is {full}, I called yesterday about the same problem.",
        "hi, {full|lower} here, my internet is down again",
        "I'm {first}, the account holder.",
        "Please contact me, {full}, on this number.",
        "The account is in the name of {full}.",
        "my wife {ofirst} set up the account but she is away",
        "I spoke to {ofull} from your team last week.",
        "Can you put {ofull} as a second contact?",
        "The parcel was signed for by {ofirst} {olast}, who I don't know.",
        "my son {ofirst|lower} uses the tablet",
        "Ask for {ofirst} at reception.",
        "{ofull} is my landlord and he needs a copy of the bill.",
        "I'm writing on behalf of my mother, {ofull}.",
        "Contact person: {ofull}",
        "it was {ofirst|lower} who ordered it, not me",
        "Meeting with {ofull} moved to Thursday.",
        "Thanks {ofirst}, that fixed it!",
        "Hey {ofirst}, can you check ticket 4471?",
        "cc {ofull}",
        "Please ask for {ofull} when you call.",
        "This is {first|lower} again, still no signal.",
        "{ofirst} and I share the account.",
        "My name's {first}.",
        "Ring my brother {ofirst} if I'm out.",
        "I'm {full|upper} (account holder).",
    ),
    "user": (
        "My login is {user} but it says the password is wrong.",
        "user: {user}",
        "I can't get into my account, username {user}.",
        "my username is {user} if that helps",
        "Locked out again (login: {user}).",
        "The account {user} was created by mistake, please delete it.",
        "I log in as {user} on the app.",
        "Please reset the password for {user}.",
        "my gamertag is {user}",
        "find me on discord as {user}",
    ),
    "email": (
        "You can email me at {email}.",
        "my email is {email}",
        "Send the invoice to {email} please.",
        "I changed my address to {email} last month.",
        "Reply to {email}, not to this one.",
        "e-mail: {email}",
        "The confirmation went to {email} but I never got it.",
        "contact me on {email} (not spam!)",
        "write to {email} if anything changes",
    ),
    "phone": (
        "Call me on {phone}.",
        "My mobile number is {phone}.",
        "you can reach me at {phone} after 5pm",
        "Phone: {phone}",
        "The number that is not working is {phone}.",
        "text me on {phone}",
        "My landline {phone} has no dial tone.",
        "please ring {phone} and ask for me",
        "my number is {phone} if you need it",
    ),
    "id": (
        "My social security number is {natid}.",
        "SSN {natid}",
        "The ID number on file should be {natid}.",
        "National Insurance number: {natid}",
        "my DNI is {natid}",
        "Tax ID {natid}, in case you need it.",
        "The direct debit goes from {iban}.",
        "Please refund to IBAN {iban}.",
        "my bank account is {iban}",
        "Account number {account} was charged twice.",
        "Customer account {account}",
        "Your reference: {contract}",
        "Contract no. {contract} should have ended in May.",
        "re: contract {contract}",
        "The VPN blocks {ip}, which is my home IP.",
        "Login attempts from {ip} were not me.",
        "my IP is {ip}",
    ),
    "address": (
        "I live at {street}, {city} {postcode}.",
        "Please send the router to {street}, {city}.",
        "My address is {street}.",
        "new address: {street}, {postcode} {city}",
        "We moved to {street} in {city} last month.",
        "The engineer should come to {street}.",
        "Deliver to {street}, {city}, {postcode}.",
        "i'm at {street|lower} in {city|lower}",
        "The outage is on {street}.",
        "Billing address {street}, {city}",
        "I'm from {city} originally.",
        "Our office is in {city}.",
        "The postcode is {postcode}.",
        "Our new place is {street}, {city}.",
        "the flat is at {street}",
        "I moved to {city} in June.",
    ),
    "quasi": (
        "I'm {age} and not very good with computers.",
        "My son is {age} and he needs his own line.",
        "my dad is {age}, he can't use the app",
        "I was born on {dob}.",
        "Date of birth: {dob}",
        "born in {year}, if that matters",
        "My daughter was born {dob}.",
        "I work as a {job} at {org}.",
        "I'm a {job} so I work nights.",
        "I'm a {job}, please call after 6.",
        "My employer, {org}, pays the bill.",
        "She works for {org} as a {job}.",
        "I've been at {org} for ten years.",
        "{org} is our company name on the invoice.",
        "I retired last year after 30 years as a {job}.",
    ),
    "health": (
        "I have {cond} and can't wait on the phone for long.",
        "My mother has {cond}, so the landline is essential.",
        "I was diagnosed with {cond} last year.",
        "since my {cond} diagnosis I work from home",
        "My husband suffers from {cond}.",
        "I'm off work with {cond}.",
        "my son has {cond} and needs a quiet room",
        "After my {treat} I'm too tired to deal with this.",
        "I'm on {treat}, so I need the delivery before noon.",
        "I take {treat} every morning.",
        "I have an appointment with my {spec} on Monday.",
        "My {spec} said I shouldn't travel.",
        "I'm registered blind, so please don't send letters.",
        "The {spec} wants me to keep a diary.",
        "living with {cond} for years now",
        "I suffer from {cond}, so mornings are hard.",
        "My daughter was diagnosed with {cond} in March.",
        "I've got {cond} and the stairs are a problem.",
        "he has {cond} and can't use the keypad",
        "I was in hospital with {cond} last month.",
        "my wife is being treated for {cond}",
        "I have had {cond} since I was a kid.",
        "Due to my {cond} I need large print bills.",
        "the doctor confirmed {cond} on Friday",
        "I've been on {treat} since the summer.",
        "He's having {treat} twice a week.",
        "My {spec} wrote a letter for you.",
        "I'm waiting to see a {spec} about it.",
        "I'm recovering from {cond}.",
        "My partner's {cond} got worse this winter.",
        "we found out my son has {cond}",
        "I live with {cond} and work part time.",
        "mum's {cond} means she can't come to the phone",
        "She relapsed with {cond} again.",
        "I need the refund for my {treat}.",
    ),
    "religion": (
        "I'm at the {relig} on Friday afternoons, please call in the morning.",
        "We fast during {relig}, so evenings are better.",
        "As a {relig}, I can't work on Saturdays.",
        "I'll be at {relig} on Sunday morning.",
        "my family is {relig} and we don't eat pork",
        "The appointment clashes with {relig}.",
        "We go to {relig} every Sunday.",
        "I'm {relig}, so no meetings on Friday afternoon please.",
        "Our {relig} group meets on Wednesdays.",
        "I'll be away for {relig}.",
        "my husband is a practising {relig}",
    ),
    "orientation": (
        "I'm {orient} and my partner should be on the account too.",
        "I came out to my parents last year.",
        "As a {orient} man I found the form's options awkward.",
        "my girlfriend and I are both {orient}",
        "I'm {orient}, that's why I changed my title.",
        "My partner and I are both {orient}.",
        "I'm {orient} and out at work.",
        "being {orient} in a small town isn't easy",
        "I volunteer at {orient} events.",
    ),
    "politics": (
        "I'm a member of {party} and volunteer at weekends.",
        "I voted for {party} for the first time.",
        "I'm a {ideo} and proud of it.",
        "my dad has always been {ideo}",
        "I campaign for {party} in my town.",
        "I'm a {party} councillor.",
        "My whole family votes {party}.",
        "I'm {ideo}, always have been.",
    ),
    "neg": (
        "What is {gcond}? Explain the symptoms.",
        "Is {gcond} hereditary?",
        "Write a short article about {gcond} for a school magazine.",
        "The {product} stopped syncing after the update.",
        "Does the {product} work with {product}?",
        "My {product} keeps restarting.",
        "Dear {placeholder}, thank you for your message.",
        "The customer {placeholder} reported that {placeholder} was charged twice.",
        "Name: {placeholder}",
        "Send it to {placeholder} at {placeholder}.",
        "Please open the Settings menu and choose Network.",
        "The History of Modern Europe is on the reading list.",
        "We use Monday Blue as the default theme.",
        "Order Status: Shipped",
        "Customer Service is open until 8 pm.",
        "Terms and Conditions apply.",
        "Explain the difference between {gcond} and {gcond}.",
        "Can I upgrade to {product} without losing data?",
        "Which is better for work: {product} or {product}?",
        "Translate 'good morning' into Spanish.",
        "How many people live in {gcity}?",
        "What's the weather like in {gcity} in May?",
    ),
}

ES: dict[str, T] = {
    "person": (
        "Me llamo {full} y soy cliente desde hace años.",
        "Soy {full}, titular de la línea.",
        "hola, me llamo {full|lower} y no tengo internet",
        "buenas, soy {first|lower}",
        "Le escribe {full} por la incidencia de ayer.",
        "La cuenta está a nombre de {full}.",
        "mi mujer {ofirst} dio de alta el contrato pero está fuera",
        "Hablé con {ofull} de su departamento la semana pasada.",
        "¿Pueden añadir a {ofull} como persona de contacto?",
        "El paquete lo recogió {ofirst} {olast}, que no sé quién es.",
        "mi hijo {ofirst|lower} usa la tablet",
        "Pregunten por {ofirst} en recepción.",
        "{ofull} es mi casero y necesita una copia de la factura.",
        "Escribo en nombre de mi madre, {ofull}.",
        "Persona de contacto: {ofull}",
        "fue {ofirst|lower} quien hizo el pedido, no yo",
        "Gracias {ofirst}, ya funciona.",
        "Hola {ofirst}, ¿puedes revisar la incidencia 4471?",
        "el técnico, un tal {ofirst}, no vino",
        "me atendió {ofull|lower} y me colgó",
        "Pregunten por {ofull} cuando llamen.",
        "soy {first|lower} otra vez, sigo sin cobertura",
        "{ofirst} y yo compartimos la cuenta.",
        "Me llamo {first}.",
        "Si no estoy, llamen a mi hermano {ofirst}.",
        "Soy {full|upper} (titular).",
    ),
    "user": (
        "Mi usuario es {user} pero dice que la contraseña es incorrecta.",
        "usuario: {user}",
        "No puedo entrar en mi cuenta, el usuario es {user}.",
        "mi login es {user}",
        "Me he quedado bloqueado (usuario {user}).",
        "La cuenta {user} se creó por error, bórrenla.",
        "entro en la app como {user}",
        "Restablezcan la contraseña de {user}, por favor.",
        "en discord soy {user}",
    ),
    "email": (
        "Pueden escribirme a {email}.",
        "mi correo es {email}",
        "Manden la factura a {email}, por favor.",
        "Cambié mi correo a {email} el mes pasado.",
        "correo electrónico: {email}",
        "La confirmación llegó a {email} pero no la encuentro.",
        "escribidme a {email}",
        "mi email es {email} (el de siempre)",
    ),
    "phone": (
        "Llámenme al {phone}.",
        "Mi móvil es el {phone}.",
        "me podéis localizar en el {phone} por las tardes",
        "Teléfono: {phone}",
        "El número que no funciona es el {phone}.",
        "mándame un whatsapp al {phone}",
        "El fijo {phone} no da tono.",
        "mi numero es {phone}",
        "tlf {phone}",
    ),
    "id": (
        "Mi DNI es {natid}.",
        "DNI: {natid}",
        "NIE {natid}",
        "el documento que tienen es {natid}",
        "Mi NIE es {natid}, lo pone en el contrato.",
        "con DNI {natid}",
        "La domiciliación está en la cuenta {iban}.",
        "Devuélvanme el dinero al IBAN {iban}.",
        "mi cuenta es {iban}",
        "El número de cuenta {account} tiene dos cargos.",
        "Cuenta cliente {account}",
        "Su referencia: {contract}",
        "El contrato nº {contract} debía terminar en mayo.",
        "ref. contrato {contract}",
        "La VPN bloquea la IP {ip}, que es la de casa.",
        "Hubo accesos desde {ip} que no fui yo.",
        "mi ip es {ip}",
    ),
    "address": (
        "Vivo en {street}, {postcode} {city}.",
        "Envíen el router a {street}, {city}.",
        "Mi dirección es {street}.",
        "nueva dirección: {street}, {postcode} {city}",
        "Nos mudamos a {street} en {city} el mes pasado.",
        "El técnico tiene que venir a {street}.",
        "Entrega en {street}, {city}.",
        "vivo en {street|lower}, {city|lower}",
        "La avería es en {street}.",
        "Dirección de facturación: {street}, {postcode} {city}",
        "Soy de {city}.",
        "Nuestra oficina está en {city}.",
        "El código postal es {postcode}.",
        "vivo en {city} desde hace poco",
        "en {city} no hay cobertura en mi calle, cp {postcode}",
        "El piso nuevo está en {street}, {city}.",
        "el local está en {street}",
        "Me mudé a {city} en junio.",
    ),
    "quasi": (
        "Tengo {age} y no me apaño con el ordenador.",
        "Mi hijo tiene {age} y necesita su propia línea.",
        "mi padre tiene {age}, no sabe usar la app",
        "Nací el {dob}.",
        "Fecha de nacimiento: {dob}",
        "nací en {year}, por si sirve",
        "Mi hija nació el {dob}.",
        "Trabajo de {job} en {org}.",
        "Soy {job} y trabajo de noche.",
        "soy {job}, llamadme después de las 6",
        "Mi empresa, {org}, paga la factura.",
        "Trabaja en {org} como {job}.",
        "Llevo diez años en {org}.",
        "{org} es el nombre que sale en la factura.",
        "Me jubilé el año pasado tras 30 años de {job}.",
    ),
    "health": (
        "Tengo {cond} y no puedo esperar mucho al teléfono.",
        "Mi madre tiene {cond} y necesita el fijo.",
        "Me diagnosticaron {cond} el año pasado.",
        "desde que me dijeron que tenía {cond} trabajo desde casa",
        "Mi marido padece {cond}.",
        "Estoy de baja por {cond}.",
        "mi hijo tiene {cond} y necesita tranquilidad",
        "Después de la {treat} estoy muy cansada.",
        "Tomo {treat}, así que necesito la entrega por la mañana.",
        "tomo {treat} desde hace años",
        "Tengo cita con mi {spec} el lunes.",
        "Mi {spec} me ha dicho que no viaje.",
        "sufro {cond} desde joven",
        "El {spec} quiere que lleve un diario.",
        "convivo con {cond} desde hace años",
        "Padezco {cond}, así que las mañanas son difíciles.",
        "A mi hija le diagnosticaron {cond} en marzo.",
        "tengo {cond} y las escaleras son un problema",
        "mi padre tiene {cond} y no puede usar el teclado",
        "Estuve ingresada por {cond} el mes pasado.",
        "a mi mujer la están tratando de {cond}",
        "Tengo {cond} desde pequeña.",
        "Por mi {cond} necesito las facturas en letra grande.",
        "el médico me confirmó {cond} el viernes",
        "Estoy con {treat} desde el verano.",
        "Le dan {treat} dos veces por semana.",
        "Mi {spec} les ha escrito una carta.",
        "Estoy esperando cita con el {spec}.",
        "Me estoy recuperando de {cond}.",
        "La {cond} de mi pareja ha empeorado este invierno.",
        "nos acaban de decir que mi hijo tiene {cond}",
        "vivo con {cond} y trabajo a media jornada",
        "mi madre con su {cond} no puede ponerse al teléfono",
        "He recaído de la {cond}.",
        "Necesito el reembolso de mi {treat}.",
    ),
    "religion": (
        "Los viernes por la tarde estoy en la {relig}, llamen por la mañana.",
        "Durante el {relig} ayunamos, mejor por la noche.",
        "Como {relig} no puedo trabajar los sábados.",
        "Los domingos voy a {relig}.",
        "mi familia es {relig} y no comemos cerdo",
        "La cita coincide con {relig}.",
        "Vamos a {relig} todos los domingos.",
        "Soy {relig}, no me pongan citas el viernes por la tarde.",
        "Mi grupo de la {relig} se reúne los miércoles.",
        "Estaré fuera por {relig}.",
        "mi marido es {relig} practicante",
    ),
    "orientation": (
        "Soy {orient} y quiero que mi pareja figure en la cuenta.",
        "Salí del armario el año pasado.",
        "como mujer {orient} el formulario no me sirve",
        "mi novia y yo somos {orient}",
        "Soy {orient}, por eso cambié el tratamiento.",
        "Mi pareja y yo somos {orient}.",
        "Soy {orient} y en el trabajo lo saben.",
        "ser {orient} en un pueblo no es fácil",
        "Colaboro en actos del colectivo {orient}.",
    ),
    "politics": (
        "Soy militante de {party} y colaboro los fines de semana.",
        "Voté a {party} por primera vez.",
        "Soy {ideo} y a mucha honra.",
        "mi padre siempre ha sido {ideo}",
        "Hago campaña para {party} en mi pueblo.",
        "Soy concejal de {party}.",
        "En mi casa todos votan a {party}.",
        "Soy {ideo} de toda la vida.",
    ),
    "neg": (
        "¿Qué es la {gcond}? Explícame los síntomas.",
        "¿La {gcond} es hereditaria?",
        "Escribe un artículo corto sobre la {gcond} para una revista escolar.",
        "El {product} dejó de sincronizar tras la actualización.",
        "¿El {product} funciona con {product}?",
        "Mi {product} se reinicia solo.",
        "Estimado/a {placeholder}, gracias por su mensaje.",
        "El cliente {placeholder} indica que {placeholder} le cobró dos veces.",
        "Nombre: {placeholder}",
        "Envíelo a {placeholder} en {placeholder}.",
        "Abra el menú Ajustes y elija Red.",
        "La Historia de la Europa Moderna está en la bibliografía.",
        "Estado del Pedido: Enviado",
        "Atención al Cliente abre hasta las 20:00.",
        "Se aplican Términos y Condiciones.",
        "Explica la diferencia entre {gcond} y {gcond}.",
        "¿Puedo pasarme a {product} sin perder datos?",
        "¿Cuántos habitantes tiene {gcity}?",
        "¿Qué tiempo hace en {gcity} en mayo?",
        "Traduce 'buenos días' al inglés.",
    ),
}

FR: dict[str, T] = {
    "person": (
        "Je m'appelle {full} et je suis client depuis des années.",
        "bonjour, c'est {first|lower}",
        "Le compte est au nom de {full}.",
        "Ma femme {ofirst} a souscrit le contrat.",
        "J'ai parlé avec {ofull} la semaine dernière.",
        "Merci {ofirst}, ça marche !",
    ),
    "user": ("Mon identifiant est {user}.", "utilisateur : {user}", "je me connecte avec {user}"),
    "email": ("Vous pouvez m'écrire à {email}.", "mon mail c'est {email}", "Envoyez la facture à {email}."),
    "phone": ("Appelez-moi au {phone}.", "Mon portable : {phone}", "mon numéro est le {phone}"),
    "id": (
        "Mon IBAN est {iban}.",
        "Numéro de sécurité sociale : {natid}",
        "Contrat n° {contract}",
        "Compte client {account}",
        "mon adresse IP est {ip}",
    ),
    "address": (
        "J'habite au {street}, {postcode} {city}.",
        "Livraison au {street}, {city}.",
        "Je suis de {city}.",
        "nouvelle adresse : {street}, {postcode} {city}",
    ),
    "quasi": (
        "J'ai {age} et je ne suis pas à l'aise avec l'ordinateur.",
        "Né le {dob}.",
        "Je suis {job} chez {org}.",
        "Mon fils a {age}.",
    ),
    "health": (
        "J'ai {cond} et je ne peux pas attendre.",
        "Ma mère a {cond}.",
        "On m'a diagnostiqué {cond}.",
        "Après ma {treat} je suis épuisée.",
        "J'ai rendez-vous avec mon {spec} lundi.",
    ),
    "religion": ("Le vendredi je suis à la {relig}.", "Je suis {relig} et je ne travaille pas le samedi."),
    "orientation": ("Je suis {orient} et mon compagnon doit figurer sur le compte.",),
    "politics": ("Je suis membre de {party}.", "J'ai voté pour {party}."),
    "neg": (
        "Qu'est-ce que le {gcond} ?",
        "Mon {product} redémarre tout seul.",
        "Bonjour {placeholder},",
        "Le Service Client est ouvert jusqu'à 20 h.",
    ),
}
DE: dict[str, T] = {
    "person": (
        "Mein Name ist {full} und ich bin seit Jahren Kunde.",
        "hallo, hier ist {first|lower}",
        "Der Vertrag läuft auf {full}.",
        "Meine Frau {ofirst} hat den Vertrag abgeschlossen.",
        "Ich habe letzte Woche mit {ofull} gesprochen.",
        "Danke {ofirst}, es geht wieder!",
    ),
    "user": ("Mein Benutzername ist {user}.", "Benutzer: {user}", "ich melde mich als {user} an"),
    "email": ("Sie erreichen mich unter {email}.", "meine Mail ist {email}", "Rechnung bitte an {email}."),
    "phone": ("Rufen Sie mich unter {phone} an.", "Handy: {phone}", "meine Nummer ist {phone}"),
    "id": (
        "Meine IBAN lautet {iban}.",
        "Steuer-ID {natid}",
        "Vertragsnummer {contract}",
        "Kundennummer {account}",
        "meine IP ist {ip}",
    ),
    "address": (
        "Ich wohne in der {street}, {postcode} {city}.",
        "Lieferung an {street}, {city}.",
        "Ich komme aus {city}.",
        "neue Adresse: {street}, {postcode} {city}",
    ),
    "quasi": (
        "Ich bin {age} alt und nicht gut mit Computern.",
        "Geboren am {dob}.",
        "Ich arbeite als {job} bei {org}.",
        "Mein Sohn ist {age} alt.",
    ),
    "health": (
        "Ich habe {cond} und kann nicht lange warten.",
        "Meine Mutter hat {cond}.",
        "Bei mir wurde {cond} diagnostiziert.",
        "Nach der {treat} bin ich erschöpft.",
        "Ich habe am Montag einen Termin beim {spec}.",
    ),
    "religion": ("Freitags bin ich in der {relig}.", "Ich bin {relig} und arbeite samstags nicht."),
    "orientation": ("Ich bin {orient} und mein Partner soll auch auf den Vertrag.",),
    "politics": ("Ich bin Mitglied bei {party}.", "Ich habe {party} gewählt."),
    "neg": (
        "Was ist {gcond}?",
        "Mein {product} startet ständig neu.",
        "Hallo {placeholder},",
        "Der Kundenservice ist bis 20 Uhr erreichbar.",
    ),
}
NL: dict[str, T] = {
    "person": (
        "Mijn naam is {full} en ik ben al jaren klant.",
        "hoi, met {first|lower}",
        "Het contract staat op naam van {full}.",
        "Mijn vrouw {ofirst} heeft het contract afgesloten.",
        "Ik heb vorige week met {ofull} gesproken.",
        "Bedankt {ofirst}, het werkt weer!",
    ),
    "user": ("Mijn gebruikersnaam is {user}.", "gebruiker: {user}", "ik log in als {user}"),
    "email": ("U kunt mij mailen op {email}.", "mijn mail is {email}", "Stuur de factuur naar {email}."),
    "phone": ("Bel mij op {phone}.", "Mobiel: {phone}", "mijn nummer is {phone}"),
    "id": (
        "Mijn IBAN is {iban}.",
        "BSN {natid}",
        "Contractnummer {contract}",
        "Klantnummer {account}",
        "mijn IP is {ip}",
    ),
    "address": (
        "Ik woon op {street}, {postcode} {city}.",
        "Bezorgen op {street}, {city}.",
        "Ik kom uit {city}.",
        "nieuw adres: {street}, {postcode} {city}",
    ),
    "quasi": (
        "Ik ben {age} en niet handig met computers.",
        "Geboren op {dob}.",
        "Ik werk als {job} bij {org}.",
        "Mijn zoon is {age}.",
    ),
    "health": (
        "Ik heb {cond} en kan niet lang wachten.",
        "Mijn moeder heeft {cond}.",
        "Bij mij is {cond} vastgesteld.",
        "Na mijn {treat} ben ik erg moe.",
        "Ik heb maandag een afspraak met mijn {spec}.",
    ),
    "religion": ("Op vrijdag ben ik in de {relig}.", "Ik ben {relig} en werk niet op zaterdag."),
    "orientation": ("Ik ben {orient} en mijn partner moet ook op het contract.",),
    "politics": ("Ik ben lid van {party}.", "Ik heb op {party} gestemd."),
    "neg": (
        "Wat is {gcond}?",
        "Mijn {product} start steeds opnieuw op.",
        "Beste {placeholder},",
        "De klantenservice is open tot 20.00 uur.",
    ),
}

EN.update(lang_en_es.SENTENCES["en"])  # criminal, immigration: used with --extended only
ES.update(lang_en_es.SENTENCES["es"])

SENTENCES: dict[str, dict[str, T]] = {"en": EN, "es": ES, "fr": FR, "de": DE, "nl": NL}
SENTENCES.update({code: dict(data.sentences) for code, data in values_langs.DATA.items()})

#: sentences without personal data that pad documents (ticket bodies, chat turns)
FILLERS: dict[str, T] = {
    "en": (
        "The internet has been down since Monday.",
        "I've already restarted the router twice.",
        "This is the third time I'm writing about this.",
        "Nobody has called me back.",
        "I'd like to cancel the extra service.",
        "The bill is higher than last month.",
        "The app shows an error when I try to pay.",
        "Thanks in advance for your help.",
        "Could you check what happened?",
        "It worked fine until the update.",
        "I need this sorted before the weekend.",
        "The signal drops every evening.",
        "I was charged for a service I never ordered.",
        "Please confirm once it's done.",
        "It's urgent.",
        "Let me know if you need anything else.",
        "I waited 40 minutes on hold.",
    ),
    "es": (
        "No tengo internet desde el lunes.",
        "Ya he reiniciado el router dos veces.",
        "Es la tercera vez que escribo por esto.",
        "Nadie me ha devuelto la llamada.",
        "Quiero dar de baja el servicio extra.",
        "La factura es más alta que la del mes pasado.",
        "La app da error al pagar.",
        "Gracias de antemano.",
        "¿Pueden revisar qué ha pasado?",
        "Funcionaba bien hasta la actualización.",
        "Necesito que esté resuelto antes del finde.",
        "La señal se corta todas las tardes.",
        "Me han cobrado un servicio que no pedí.",
        "Confírmenme cuando esté hecho.",
        "Es urgente.",
        "Quedo a la espera.",
        "Estuve 40 minutos esperando al teléfono.",
    ),
    "fr": (
        "Je n'ai plus internet depuis lundi.",
        "J'ai déjà redémarré la box.",
        "Merci d'avance.",
        "La facture est plus élevée que le mois dernier.",
        "C'est urgent.",
    ),
    "de": (
        "Seit Montag habe ich kein Internet.",
        "Ich habe den Router schon neu gestartet.",
        "Vielen Dank im Voraus.",
        "Die Rechnung ist höher als letzten Monat.",
        "Es ist dringend.",
    ),
    "nl": (
        "Sinds maandag heb ik geen internet.",
        "Ik heb de router al opnieuw opgestart.",
        "Alvast bedankt.",
        "De factuur is hoger dan vorige maand.",
        "Het is dringend.",
    ),
}

GREETINGS: dict[str, T] = {
    "en": (
        "Hello,",
        "Hi,",
        "Hi there,",
        "Good morning,",
        "Dear support team,",
        "hey",
        "To whom it may concern,",
        "Hello team,",
        "Dear Sir or Madam,",
        "Hi {ofirst},",
        "Dear {ofull},",
        "Hello {ofirst},",
    ),
    "es": (
        "Hola,",
        "Buenas,",
        "Buenos días,",
        "Estimados señores:",
        "hola buenas",
        "A quien corresponda:",
        "Buenas tardes,",
        "Hola equipo,",
        "Hola {ofirst},",
        "Estimado {ofull}:",
        "Buenos días {ofirst},",
    ),
    "fr": ("Bonjour,", "Madame, Monsieur,", "Bonjour {ofirst},"),
    "de": ("Hallo,", "Sehr geehrte Damen und Herren,", "Hallo {ofirst},"),
    "nl": ("Hallo,", "Geachte heer/mevrouw,", "Beste {ofirst},"),
}
CLOSINGS: dict[str, T] = {
    "en": (
        "All the best,\n{first}",
        "Speak soon, {first}",
        "Cheers\n{full}",
        "Thanks again,\n{first|lower}",
        "Yours sincerely,\n{full}",
        "Thanks,\n{first}",
        "Regards,\n{full}",
        "Best,\n{first}",
        "cheers, {first|lower}",
        "Kind regards,\n{full}",
        "thanks\n{first|lower}",
        "Many thanks, {full}",
        "Sent from my iPhone",
        "Thanks!",
        "-- {first}",
    ),
    "es": (
        "Un saludo cordial,\n{first}",
        "Hasta pronto, {first}",
        "Besos\n{first|lower}",
        "Gracias de nuevo,\n{full}",
        "Reciba un cordial saludo,\n{full}",
        "Gracias,\n{first}",
        "Un saludo,\n{full}",
        "Saludos, {first|lower}",
        "saludos,\n{first|lower}",
        "Atentamente,\n{full}",
        "gracias\n{first|lower}",
        "Un abrazo, {first}",
        "Enviado desde mi móvil",
        "Muchas gracias.",
        "Saludos cordiales,\n{full}",
    ),
    "fr": ("Cordialement,\n{full}", "Merci, {first}", "Bien à vous,\n{full}"),
    "de": ("Mit freundlichen Grüßen\n{full}", "Viele Grüße, {first}", "Danke, {first}"),
    "nl": ("Met vriendelijke groet,\n{full}", "Groetjes, {first}", "Bedankt, {first}"),
}

#: form field names: label -> per language
FORM_FIELDS: dict[str, dict[str, T]] = {
    "en": {
        "full": ("Name", "Full name", "Customer name", "Patient"),
        "email": ("Email", "E-mail address"),
        "phone": ("Phone", "Mobile", "Tel."),
        "dob": ("Date of birth", "DOB", "Born"),
        "street": ("Address", "Street address", "Address line 1"),
        "city": ("City", "Town"),
        "postcode": ("Postcode", "ZIP", "Post code"),
        "natid": ("SSN", "NI number", "ID number"),
        "iban": ("IBAN", "Bank account"),
        "job": ("Occupation", "Job title"),
        "org": ("Employer", "Company"),
        "cond": ("Medical conditions", "Diagnosis", "Known conditions"),
        "user": ("Username", "Login"),
        "age": ("Age",),
        "relig": ("Religion",),
        "contract": ("Contract ref", "Reference"),
    },
    "es": {
        "full": ("Nombre", "Nombre y apellidos", "Cliente", "Paciente"),
        "email": ("Email", "Correo electrónico"),
        "phone": ("Teléfono", "Móvil", "Tlf."),
        "dob": ("Fecha de nacimiento", "F. nacimiento", "Nacido/a"),
        "street": ("Dirección", "Domicilio", "Calle"),
        "city": ("Ciudad", "Localidad", "Población"),
        "postcode": ("C.P.", "Código postal", "CP"),
        "natid": ("DNI", "NIE", "DNI/NIE"),
        "iban": ("IBAN", "Cuenta bancaria"),
        "job": ("Profesión", "Ocupación", "Puesto"),
        "org": ("Empresa", "Empleador"),
        "cond": ("Enfermedades", "Diagnóstico", "Antecedentes"),
        "user": ("Usuario", "Login"),
        "age": ("Edad",),
        "relig": ("Religión",),
        "contract": ("Nº contrato", "Referencia"),
    },
    "fr": {
        "full": ("Nom",),
        "email": ("E-mail",),
        "phone": ("Téléphone",),
        "dob": ("Date de naissance",),
        "street": ("Adresse",),
        "city": ("Ville",),
        "postcode": ("Code postal",),
        "iban": ("IBAN",),
        "job": ("Profession",),
        "cond": ("Antécédents",),
    },
    "de": {
        "full": ("Name",),
        "email": ("E-Mail",),
        "phone": ("Telefon",),
        "dob": ("Geburtsdatum",),
        "street": ("Adresse", "Straße"),
        "city": ("Ort",),
        "postcode": ("PLZ",),
        "iban": ("IBAN",),
        "job": ("Beruf",),
        "cond": ("Vorerkrankungen",),
    },
    "nl": {
        "full": ("Naam",),
        "email": ("E-mail",),
        "phone": ("Telefoon",),
        "dob": ("Geboortedatum",),
        "street": ("Adres",),
        "city": ("Woonplaats",),
        "postcode": ("Postcode",),
        "iban": ("IBAN",),
        "job": ("Beroep",),
        "cond": ("Aandoeningen",),
    },
}

for _code, _data in values_langs.DATA.items():
    FILLERS[_code] = _data.fillers
    GREETINGS[_code] = _data.greetings
    CLOSINGS[_code] = _data.closings
    FORM_FIELDS[_code] = dict(_data.form_fields)

HELDOUT_EVERY = 4


def _rank_key(template: str) -> bytes:
    return hashlib.sha256(("pii-tagger-template:" + template).encode("utf-8")).digest()


def split_family(templates: T, split: Split) -> T:
    """The templates of one group that belong to ``split``.

    Templates are ranked by a stable hash; ranks 0, 4, 8 ... are held out.  A group of one
    template is shared by both splits (there is nothing to split); groups are written with at
    least two templates so that this only happens for tiny fr/de/nl groups.
    """
    if len(templates) < 2:
        return templates
    ranked = sorted(templates, key=_rank_key)
    held = tuple(t for i, t in enumerate(ranked) if i % HELDOUT_EVERY == 0)
    train = tuple(t for i, t in enumerate(ranked) if i % HELDOUT_EVERY != 0)
    return held if split == "heldout" else train


def split_tagged_family(templates: T, split: Split) -> T:
    """:func:`split_family` for templates with tags (``BR|``, ``F|`` ...): each tag group is split
    on its own, so that a Brazilian or a women-only family has held-out templates too; a group of
    one template goes to the held-out split (rank 0), so the splits stay disjoint."""
    groups: dict[frozenset[str], list[str]] = {}
    for t in templates:
        groups.setdefault(tags_of(t)[0], []).append(t)
    chosen: set[str] = set()
    for group in groups.values():
        ranked = sorted(group, key=_rank_key)
        chosen |= {t for i, t in enumerate(ranked) if (i % HELDOUT_EVERY == 0) == (split == "heldout")}
    return tuple(t for t in templates if t in chosen)


def _split(language: str, templates: T, split: Split) -> T:
    if language in values_langs.DATA:
        return split_tagged_family(templates, split)
    return split_family(templates, split)


@cache
def sentences(language: str, group: str, split: Split) -> T:
    return _split(language, SENTENCES[language].get(group, ()), split)


@cache
def fillers(language: str, split: Split) -> T:
    return _split(language, FILLERS[language], split)


@cache
def greetings(language: str, split: Split) -> T:
    return _split(language, GREETINGS[language], split)


@cache
def closings(language: str, split: Split) -> T:
    return _split(language, CLOSINGS[language], split)


@cache
def form_fields(language: str, slot: str, split: Split) -> T:
    return _split(language, FORM_FIELDS[language].get(slot, ()), split)


def doc_words(language: str, key: str) -> T:
    """Words of a document shape in a new language (e-mail headers, CV headings ...); empty for
    the original languages, whose shapes keep their mixed English/Spanish words."""
    data = values_langs.DATA.get(language)
    return data.doc_words.get(key, ()) if data else ()


GROUPS: tuple[str, ...] = tuple(EN)
