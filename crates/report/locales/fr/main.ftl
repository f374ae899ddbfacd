# arbiter — catalogue français (vocabulaire d'arbitrage FFE)

lang-other = English
nav-events = Tournois
nav-backup = Sauvegarde
nav-logout = Déconnexion
nav-login = Connexion
nav-report = Saisir un résultat

tab-dashboard = Tableau de bord
tab-players = Joueurs
tab-pairings = Appariements
tab-standings = Classement
tab-crosstable = Grille américaine
tab-alphabetical = Liste alphabétique
tab-log = Journal
tab-public = Page publique

white = Blancs
black = Noirs
colour-w-short = B
colour-b-short = N
pab = Exempt
pairings = Appariements
tiebreaks = Départages
legend = Légende
print = Imprimer
save = Enregistrer
add = Ajouter
remove = Retirer
show = Afficher
undo = Annuler la dernière action
undone = annulée

col-event = Tournoi
col-place = Pl.
col-dates = Dates
col-system = Système
col-rounds = Rondes
col-number = N°
col-name = Nom
col-title = Titre
col-rating = Elo
col-federation = Féd.
col-club = Club
col-points = Pts
col-perf = Perf.
perf-legend = Performance, calculée comme le départage TPR (FIDE C.07 10.2) : moyenne Elo des adversaires rencontrés sur l'échiquier, plus l'écart Elo que donne le score obtenu contre eux (table 8.1a de la FIDE). Les exempts, byes, forfaits et adversaires sans Elo ne comptent pas. Pour information seulement : elle ne départage pas.
col-delo = ΔElo
delo-legend = Variation Elo FIDE sur le tournoi (B.02 en vigueur depuis le 1er mars 2024, règle des 400 points modifiée au 1er octobre 2025) : K × (score − score attendu) sur les parties jouées sur l'échiquier contre des adversaires classés, K 10 dès 2400, 40 jusqu'à la fin de l'année des 18 ans sous 2300, 20 sinon. Pour un joueur sans Elo, le classement initial que donnent ses parties (Ru, avec deux nulles fictives contre 1800). Pour information seulement : elle ne départage pas, le calcul de la FIDE fait foi.
col-present = Pointé
col-status = Statut
col-board = Éch.
col-round = Ronde
col-colour = Couleur
col-opponent = Adversaire
col-result = Résultat
col-code = Code
col-when = Date
col-who = Par
col-action = Action
col-detail = Détail

login-title = Connexion de l'arbitre
login-submit = Se connecter
login-failed = Identifiant ou mot de passe incorrect.
login-no-account = Aucun compte n'existe encore : ouvrez le lien de création affiché dans le terminal au démarrage du serveur.
field-username = Identifiant
field-password = Mot de passe

setup-title = Création du premier compte
setup-intro = Choisissez l'identifiant et le mot de passe (8 caractères au moins) de l'arbitre principal. Ce lien ne sert qu'une fois.
setup-submit = Créer le compte
setup-invalid = Ce lien de création est inconnu ou a déjà servi.

events-title = Tournois
events-new = Nouveau tournoi
events-none = Aucun tournoi pour l'instant.

event-new-title = Nouveau tournoi
event-edit-title = Paramètres du tournoi
event-section-general = Tournoi
event-section-pairing = Appariements
event-section-points = Points
event-section-tiebreaks = Départages et publication
event-started-note = La ronde 1 est appariée : le système et le nombre de rondes ne peuvent plus changer.
field-event-name = Nom du tournoi
field-place = Lieu
field-federation = Fédération
field-start-date = Date de début
field-end-date = Date de fin
field-chief-arbiter = Arbitre principal
field-deputy-arbiters = Arbitres adjoints (un par ligne)
field-time-control = Cadence
field-system = Système
field-rounds = Nombre de rondes
field-baku = Accélération Bakou
field-initial-colour = Couleur du n° 1 à la ronde 1
field-bye-limit = Byes demandés autorisés (½ point)
field-points-win = Points pour une victoire
field-points-draw = Points pour une nulle
field-points-loss = Points pour une défaite
field-points-bye = Points de l'exempt
hint-tiebreaks-default = Vide : départages usuels (BH/C1, BH, SB en système suisse ; DE, SB, WIN en toutes rondes)
hint-tiebreaks = Codes séparés par des virgules, dans l'ordre, comme la FIDE les écrit : BH/C1 (Buchholz tronqué), BH, SB, DE (confrontation directe), WIN, ARO, PS… Laisser vide pour les départages usuels du système.
field-tiebreaks = Départages (codes FIDE)
field-rules = Règles des parties non jouées
field-public = Pages publiques
field-performance-column = Colonne performance (Perf.)
hint-performance-column = Affichée au classement après les départages, pour information : elle ne départage pas.
field-rating-change-column = Colonne variation Elo (ΔElo)
hint-rating-change-column = Affichée au classement après les départages, pour information : la variation Elo FIDE de chaque joueur sur le tournoi ; elle ne départage pas.
field-fide-id = N° FIDE
field-national-rating = Elo national
field-birth-date = Date de naissance
field-sex = Sexe (m/w)
field-licence = N° de licence
field-licence-type = Type de licence (A/B)
field-league = Ligue
field-rating-kind = Type de classement national (F, N, E)
col-age-category = Cat.
col-age-category-title = Catégorie d'âge FFE de la saison du tournoi
col-licence = Licence
col-national-rating = Elo nat.
rules-by-date = Selon la date du tournoi
rules-pre2012 = Avant 2012
system-swiss = Système suisse
field-swiss-system = Règles du système suisse
swiss-system-dutch = Hollandais (Dutch, C.04.3)
swiss-system-burstein = Burstein (C.04.4.2)
swiss-system-dubov = Dubov (C.04.4.1)
swiss-system-lim = Lim (C.04.4.3)
system-round_robin = Toutes rondes
system-double_round_robin = Toutes rondes aller-retour
swiss-system-double-swiss = Double suisse (C.04.5) : matchs de deux parties
hint-double-swiss-rounds = Double suisse : chaque match compte deux parties, donc deux rondes ici (partie 1, puis partie 2 couleurs inversées) ; indiquez un nombre pair de rondes.
round-match-game = Match { $match }, partie { $game }
match-results = Résultats des matchs
col-match = Match
match-game-n = Partie { $game }
match-n = Match { $match }
col-match-short = M{ $match }

dash-next = Prochaine étape
dash-players = { $count ->
    [one] { $count } joueur inscrit
   *[other] { $count } joueurs inscrits
}
dash-present = { $count ->
    [one] { $count } pointé
   *[other] { $count } pointés
}
dash-withdrawn = { $count ->
    [one] { $count } abandon
   *[other] { $count } abandons
}
dash-rounds = Rondes
dash-settings = Paramètres
dash-exports = Exports
next-add-players = Inscrire les joueurs
next-enter-results = Saisir les résultats de la ronde { $round }
next-pair-round = Pointer les joueurs et apparier la ronde { $round }
next-final-standings = Classement final

players-title = Inscription
players-all-present = Tous présents
players-none-present = Aucun présent
players-save-checkin = Enregistrer le pointage
players-add = Inscrire un joueur
players-late-entry = Le tournoi a commencé : un nouveau joueur est une inscription tardive (les rondes passées comptent comme absences, ou le bye que vous lui accordez).
players-import = Importer une liste (CSV ou TRF)
players-import-submit = Importer
players-import-hint = CSV avec une ligne d'en-tête en français ou en anglais (Nom, Prénom, Elo, Elo national, Fédération, N° de licence, Club…) ou fichier TRF.
players-imported = { $count ->
    [one] { $count } joueur importé.
   *[other] { $count } joueurs importés.
}
player-withdrawn-from = Abandon à partir de la ronde { $round }
player-edit = Modifier le joueur
player-remove = Supprimer l'inscription
player-actions = Actions de l'arbitre
withdraw = Abandon
withdraw-from = À partir de la ronde
reinstate = Réintégrer
forbidden-title = Appariements interdits
byes-requested = Byes demandés
bye-half = Bye ½ point
bye-full = Bye 1 point
bye-zero = Absent (0 point)
bye-none = Aucun bye
bye-submit = Enregistrer le bye
checkin-link = Pointer les joueurs avant d'apparier

round-n = Ronde { $round }
round-short = R{ $round }
round-not-paired = Cette ronde n'est pas encore appariée.
round-missing = { $count ->
    [one] { $count } résultat manquant
   *[other] { $count } résultats manquants
}
pair-round = Apparier la ronde { $round }
unpair = Annuler l'appariement
swap-title = Échanger deux joueurs :
swap = Échanger
swap-done = Les deux joueurs ont été échangés.
swap-no-objection = Le contrôle de l'appariement ne relève aucune objection.
swap-objections = Objections du contrôle de l'appariement :

## Une ronde corrigée après l'appariement de la suivante (ticket 34 §3 ; FIDE C.04.2, 4.3)
stale-title-here = Cette ronde a été appariée avant la correction de résultats des rondes précédentes : son appariement repose sur les anciens résultats.
stale-title-later = La ronde { $round } a été appariée avant cette correction : son appariement repose sur les anciens résultats.
stale-correction-board = Ronde { $round }, échiquier { $board } ({ $white } – { $black }) : { $was } à l'appariement, { $now } aujourd'hui
stale-correction-bye = Ronde { $round }, { $player } : { $was } à l'appariement, { $now } aujourd'hui
stale-affected = Joueurs concernés dans la ronde { $round } (points avant la ronde, à l'appariement puis aujourd'hui) :
stale-player-board = { $player } : { $was } → { $now }, échiquier { $board }
stale-player-unpaired = { $player } : { $was } → { $now }, sans échiquier dans cette ronde
stale-repairable = Une correction ne change que les appariements à venir ; pour un appariement publié mais pas encore joué, l'arbitre décide (règles FIDE C.04.2, art. 4.3). Aucun résultat de la ronde { $round } n'est saisi : elle peut encore être appariée à nouveau sur les résultats corrigés.
stale-stands = La ronde { $round } reste appariée telle qu'elle a été publiée : un de ses résultats est saisi (ou une ronde suivante est appariée). Une correction ne change que les appariements à venir, et pour un appariement déjà publié l'arbitre décide (règles FIDE C.04.2, art. 4.3) : la correction comptera pour les prochains appariements.
stale-repair = Apparier la ronde { $round } à nouveau
stale-team-correction = Ronde { $round }, match { $match } ({ $white } – { $black }), échiquier { $board } : { $was } à l'appariement, { $now } aujourd'hui
stale-team-affected = Équipes concernées dans la ronde { $round } :
stale-team-match = { $team } : match { $match }
stale-team-unpaired = { $team } : sans match dans cette ronde

## Une place partagée (ticket 34 §3)
place-shared = { $first }-{ $last } ex æquo

## Les fichiers CSV, comme un tableur français les lit (ticket 34 §3)
csv-rank = Place
csv-number = N°
csv-name = Nom
csv-title = Titre
csv-rating = Elo
csv-federation = Fédération
csv-points = Points
csv-performance = Performance
csv-rating-change = Variation Elo
csv-sex = Sexe
csv-birth-date = Date de naissance
csv-category = Catégorie
csv-club = Club
csv-league = Ligue
csv-licence = N° de licence
csv-licence-type = Type de licence
csv-national-rating = Elo national
csv-rating-kind = Type d'Elo
csv-fide-id = N° FIDE
csv-fide-rating = Elo FIDE
csv-round-opponent = R{ $round } adversaire
csv-round-colour = R{ $round } couleur
csv-round-result = R{ $round } résultat
csv-colour-w = B
csv-colour-b = N
csv-entries-number = N°
csv-entries-name = Nom
csv-entries-fide-id = N° FIDE
csv-entries-licence = N° de licence
csv-entries-federation = Fédération
csv-entries-club = Club
csv-entries-category = Catégorie
csv-entries-fee = Droits
csv-entries-paid = Payé
csv-entries-method = Mode de règlement
csv-entries-outstanding = Reste dû

## Le parcours de l'arbitre (ticket 20 §3)
objection-accept = Accepter
objection-accepted = acceptée par l'arbitre
objection-hint = Une objection reste affichée tant que l'appariement la soulève, ou jusqu'à ce que l'arbitre l'accepte (l'acceptation est journalisée).
objection-title = Le contrôle de l'appariement objecte à cet échiquier
board-edited = échiquier modifié à la main
col-venue = Lieu
public-find = Trouver mon échiquier :
public-find-submit = Chercher
public-none-found = Personne de ce nom ne joue cette ronde.
public-where = échiquier { $board }, { $colour }
public-alpha = Joueurs par ordre alphabétique
public-where-match = échiquier { $board }, { $first } dans la partie 1 et { $second } dans la partie 2
public-white-game-1 = Blancs dans la partie 1
public-black-game-1 = Noirs dans la partie 1
public-match-hint = Chaque match se joue en deux parties sur le même échiquier, couleurs inversées dans la partie 2 ; les résultats des deux parties se lisent du côté du joueur de gauche.
field-tiebreak-n = Départage { $n }
field-tiebreaks-typed = Ou tapés (codes FIDE)
undo-question = Annuler cette action ? Le tournoi revient à son état d'avant (l'annulation est journalisée et peut être refaite).
undo-confirm = Oui, l'annuler
redo = Refaire : { $action }
log-undone = Action n° { $entry } annulée.
log-redone = Action n° { $entry } refaite.
log-board = échiquier { $board }
log-from-round = à partir de la ronde { $round }
log-player-gone = joueur supprimé (n° { $id })
log-present = pointé
log-absent = absent
log-cleared = résultat effacé
log-count = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
log-objection-rematch = rencontre déjà jouée :
log-objection-colour-run = même couleur trois fois :
log-objection-colour-difference = écart de couleurs de plus de deux :
log-objection-bye = deuxième exempt :
action-redo = Rétablissement
col-pick = Sélection
col-round-short = R{ $round }
bulk-byes-title = Pour les joueurs cochés :
bulk-byes-none = Aucun bye (présent)
bulk-byes-apply = Appliquer
bulk-byes-hint = Cochez des joueurs dans la première colonne, choisissez la ronde et ce qu'il faut noter : une seule action, journalisée.
action-set_byes = Byes de plusieurs joueurs
restore-done = La base a été restaurée depuis la sauvegarde.
invalid-file = Choisissez d'abord un fichier de sauvegarde arbiter : rien n'a été restauré.
grid-bad = Échiquier { $board } : « { $found } » n'est pas un code de résultat.
grid-bad-dash = Échiquier { $board } : « - » seul est ambigu : tapez -+ (les Noirs gagnent par forfait) ou -- (double forfait).
grid-bad-letter = Échiquier { $board } : « { $found } » n'est pas un code de résultat (une nulle s'écrit 1/2, ½ ou =).
grid-bad-kept = Rien n'a été enregistré : corrigez les échiquiers signalés et enregistrez de nouveau (les autres valeurs sont conservées).

results-save = Enregistrer les résultats
results-hint = Codes : 1-0 (ou 1), 0-1 (ou 0), 1/2 (ou ½, =) ; forfaits : +- (ou +) les Blancs gagnent, -+ les Noirs gagnent, -- double forfait ; résultats attribués par l'arbitre : ½-0 (ou =-0), 0-½ (ou 0-=), 0-0 (perdue pour les deux). Entrée passe à l'échiquier suivant.
reported-title = Résultat déclaré par un joueur, en attente de confirmation
confirm-reported = { $count ->
    [one] Confirmer le résultat déclaré
   *[other] Confirmer les { $count } résultats déclarés
}

standings-after = Classement après la ronde { $round }
standings-start = Classement initial
standings-after-label = Après la ronde
crosstable-hint = Chaque case : place de l'adversaire, couleur (B/N), résultat.

explain-title = Pourquoi cette couleur et ce flottement
explain-preference = préférence
explain-met = respectée
explain-not-met = non respectée
explain-all = Expliquer toutes les rondes

backup-title = Sauvegarde
backup-download = Télécharger la base de données
restore-title = Restauration
restore-hint = Remplace toute la base par le fichier envoyé (une sauvegarde arbiter). Les sessions ouvertes seront fermées.
restore-submit = Restaurer
accounts-title = Comptes d'arbitres
account-created = Compte créé.

public-not-started = Le tournoi n'a pas commencé.
public-refresh = Cette page se met à jour toutes les 30 secondes.

report-title = Saisie d'un résultat
report-code = Code de l'échiquier (sur la fiche posée sur l'échiquier)
report-next = Continuer
report-hint = Le code ne permet de saisir que le résultat de votre échiquier ; l'arbitre le confirme.
report-confirm-hint = Vérifiez qui a les Blancs, puis touchez le résultat ; vous le confirmez à l'écran suivant.
report-already = Déjà déclaré : { $result }. Un résultat différent sera signalé à l'arbitre comme un désaccord.
report-done = Résultat { $result } transmis à l'arbitre. Merci !
report-another = Saisir un autre résultat
report-game-confirmed = Résultat confirmé par l'arbitre : { $result }.
report-match-hint = Votre match se joue en deux parties sur cet échiquier, couleurs inversées dans la partie 2 : déclarez chaque partie à sa fin. Vérifiez qui a les Blancs, puis touchez le résultat ; vous le confirmez à l'écran suivant.

error-back = Retour
error-title-not-found = Page introuvable
error-title-forbidden = Action refusée
error-title-refused = Action impossible
error-title-invalid = Valeur incorrecte
error-title-rate-limited = Trop de tentatives
error-title-login = Connexion requise
error-title-bad-request = Requête incorrecte
error-title-internal = Erreur interne
error-not-found = Ce que vous cherchez n'existe pas.
error-csrf = Le formulaire a expiré ou ne vient pas de cette application (jeton CSRF manquant ou faux). Rechargez la page et recommencez.
error-login-required = Connectez-vous d'abord.
error-internal = Une erreur interne s'est produite ; rien n'a été modifié. Le détail est dans le journal du serveur.
error-invalid = Champ « { $field } » : attendu { $expected }, reçu { $found }.
error-no-pairing = Aucun appariement possible : { $detail }
error-bad-request = Requête incorrecte : le serveur n'a pas pu la lire.
error-title-too-large = Envoi trop volumineux
error-title-busy = Serveur occupé
error-title-disk-full = Disque plein
error-too-large = Ce que vous avez envoyé dépasse la taille admise pour cette page.
error-method = Cette adresse ne prend pas ce type de requête.
error-busy = Le serveur est occupé : réessayez dans quelques secondes.
error-disk-full = Le disque du serveur est plein : rien n'a été enregistré. Libérez de la place sur le disque de la base de données, puis recommencez.
error-malformed-url = L'adresse de la page est incorrecte (un numéro attendu n'en est pas un).
error-malformed-form = Le formulaire envoyé est incomplet ou incorrect. Rechargez la page et recommencez.
error-malformed-json = Le corps JSON de la requête est illisible ou incomplet.
error-malformed-multipart = Le fichier envoyé n'a pas pu être lu (envoi interrompu ou mal formé).
error-malformed-body = La requête n'a pas pu être lue (envoi interrompu ou trop lent).
restore-refused-not_sqlite = Ce fichier n'est pas une base de données SQLite : rien n'a été restauré.
restore-refused-not_arbiter = Ce fichier est une base SQLite, mais pas une sauvegarde arbiter : rien n'a été restauré.
restore-refused-newer_version = Cette sauvegarde vient d'une version plus récente d'arbiter (schéma { $found } ; cette version connaît jusqu'au schéma { $ours }) : restaurez-la avec cette version-là. Rien n'a été restauré.
restore-refused-missing_object = Il manque à ce fichier { $kind } « { $name } » d'arbiter : rien n'a été restauré.
restore-refused-extra_object = Ce fichier contient { $kind } « { $name } » qu'arbiter ne crée pas : rien n'a été restauré.
restore-refused-changed_object = Dans ce fichier, { $kind } « { $name } » diffère de ce qu'arbiter crée : rien n'a été restauré.
restore-refused-damaged = Ce fichier est endommagé (le contrôle d'intégrité échoue) : rien n'a été restauré.
restore-refused-broken_references = Dans ce fichier, { $rows } ligne(s) de la table « { $table } » renvoient à des lignes absentes : rien n'a été restauré.
schema-kind-table = la table
schema-kind-index = l'index
schema-kind-trigger = le déclencheur
schema-kind-view = la vue
login-restored = La base a été restaurée : connectez-vous avec un compte de la sauvegarde.
login-rate-limited = Trop de tentatives : patientez { $seconds } s avant de réessayer.
code-rate-limited = Trop de codes erronés : patientez { $seconds } s avant de réessayer.
register-rate-limited = Trop d'inscriptions envoyées d'ici : patientez { $seconds } s avant de réessayer.

refusal-missing_results = La ronde précédente a encore des échiquiers sans résultat.
refusal-all_rounds_paired = Toutes les rondes sont déjà appariées.
refusal-round_closed = Cette ronde est close : des résultats sont saisis ou la ronde suivante est appariée.
refusal-wrong_round = Ce n'est pas la ronde à apparier.
refusal-too_few_players = Pas assez de joueurs pointés pour apparier.
refusal-bye_limit = Ce joueur a épuisé ses byes demandés.
refusal-bad_code = Ce code n'ouvre pas cet échiquier, ou son résultat est déjà confirmé.
refusal-rate_limited = Trop de codes erronés : patientez quelques minutes.
refusal-not_playing = Ce joueur ne joue pas cette ronde (abandon ou pas encore inscrit).
refusal-event_started = Impossible une fois la ronde 1 appariée.
refusal-nothing_to_undo = Rien à annuler.
refusal-login = Identifiant ou mot de passe incorrect, ou compte déjà existant.
refusal-round_robin_size = Un toutes rondes se joue de 3 à 24 joueurs.
refusal-round_robin_fixed = Les joueurs d'un tournoi toutes rondes sont fixés par la table dès la ronde 1 : pas d'inscription tardive ni d'exemption (une partie manquée est perdue par forfait).
refusal-result_confirmed = Le résultat de cet échiquier est déjà validé par l'arbitre.

action-create_event = Création du tournoi
action-update_event = Paramètres modifiés
action-set_prizes = Liste des prix
action-add_player = Inscription
action-import_players = Import de joueurs
action-update_player = Joueur modifié
action-remove_player = Inscription supprimée
action-set_present = Pointage
action-set_all_present = Pointage de tous
action-withdraw = Abandon
action-reinstate = Réintégration
action-set_bye = Bye
action-add_forbidden_pair = Appariement interdit ajouté
action-remove_forbidden_pair = Appariement interdit retiré
action-pair = Appariement
action-unpair = Appariement annulé
action-swap = Échange de joueurs
action-accept_objection = Objection du contrôle acceptée
action-set_result = Résultat
action-set_results = Résultats
action-confirm_reported = Résultats déclarés confirmés
action-report = Résultat déclaré
action-check_in = Liste de pointage
action-report_conflict = Un autre résultat déclaré
action-undo = Annulation

tb-bh-c1 = Buchholz tronqué
tb-bh-c2 = Buchholz tronqué des deux plus faibles
tb-bh-m1 = Buchholz médian
tb-bh-m2 = Buchholz médian des deux plus forts et des deux plus faibles
tb-sb-c1 = Sonneborn-Berger tronqué
tb-aro-c1 = Moyenne Elo des adversaires tronquée
tb-bh = Buchholz
tb-sb = Sonneborn-Berger
tb-de = Confrontation directe
tb-win = Nombre de victoires
tb-won = Parties gagnées sur l'échiquier
tb-bpg = Parties jouées avec les Noirs
tb-bwg = Victoires avec les Noirs
tb-ps = Cumulatif (somme des scores progressifs)
tb-rep = Rondes choisies de jouer
tb-aro = Moyenne Elo des adversaires
tb-tpr = Performance
tb-ptp = Performance parfaite
tb-apro = Moyenne des performances des adversaires
tb-appo = Moyenne des performances parfaites des adversaires
tb-fb = Buchholz avant la dernière ronde
tb-aob = Moyenne des Buchholz des adversaires
tb-ks = Koya
tb-sobh = Somme des Buchholz des adversaires
tb-tpn = Numéro d'appariement
tb-rtng = Classement Elo
tb-pts = Points
tb-std = Points standard
tbm-c1 = sans le plus faible adversaire
tbm-c2 = sans les deux plus faibles
tbm-m1 = médian (sans le plus fort et le plus faible)
tbm-m2 = médian (sans les deux plus forts et les deux plus faibles)

rating-list-title = Liste Elo FIDE
rating-list-upload = Charger une liste
rating-list-hint = Le téléchargement mensuel de la FIDE tel quel (le ZIP) ou décompressé : la liste TXT (players_list_foa.txt, environ 100 Mo) ou la liste XML. La liste de chaque mois est gardée pour les tournois plus longs qu'une période de classement ; la plus récente sert à la recherche à l'inscription, et les joueurs déjà inscrits gardent leur Elo.
rating-list-period = Mois de la liste
rating-list-period-hint = Laissé vide : le mois que donne le nom du fichier (standard_dec26frl.txt), sinon le mois en cours.
rating-list-periods-title = Listes gardées, par période de classement
rating-list-col-period = Période
rating-list-col-file = Fichier
rating-list-col-loaded = Chargée le
rating-list-col-players = Joueurs
rating-list-submit = Charger la liste
rating-list-loaded = { $count ->
    [one] { $count } joueur chargé depuis la liste.
   *[other] { $count } joueurs chargés depuis la liste.
}
rating-list-source = Liste chargée :
rating-list-players = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
rating-list-none = Aucune liste Elo chargée.
rating-list-manage = Charger la liste Elo FIDE
rating-list-back = Retour à l'inscription
rating-list-search-title = Chercher un joueur dans la liste Elo FIDE
rating-list-query = N° FIDE ou nom
rating-list-search = Chercher
rating-list-no-match = Aucun joueur de la liste ne correspond.
rating-list-inactive = inactif
rating-list-registered = inscrit
rating-list-more = { $count ->
    [one] Seule la première réponse est affichée : précisez le nom.
   *[other] Seules les { $count } premières réponses sont affichées : précisez le nom.
}
col-birth = Naissance
col-sex = Sexe

tab-wallchart = Tableau mural
wallchart-hint = Chaque case : numéro de l'adversaire, couleur (B/N), résultat ; en dessous, les points après la ronde.
wall-colours = Blancs / Noirs
wall-results = gain, nulle, perte
wall-forfeits = gain / perte par forfait
wall-bye-u = exempt (appariement)
wall-bye-f = bye à 1 point
wall-bye-h = bye à ½ point
wall-bye-z = absent, 0 point
export-html = Tout le tournoi en page web (HTML, pour le site du club)
export-deputies = Arbitres adjoints
export-generated = Publié avec arbiter le { $date }.

objection-bye = { $player } a déjà eu un exempt ou un point sans jouer ({ $article })
objection-rematch = Échiquier { $board } : { $white } et { $black } se sont déjà rencontrés ({ $article })
objection-colour-run = Échiquier { $board } : { $player } aurait la même couleur trois fois de suite ({ $article })
objection-colour-diff = Échiquier { $board } : la différence de couleurs de { $player } dépasserait deux ({ $article })

# Wrong form values, by field (others fall back to error-invalid).
invalid-name = Le nom est obligatoire (100 caractères au plus).
invalid-rounds = Le nombre de rondes va de 1 à 99 (reçu « { $found } »).
invalid-start-date = La date de début s'écrit AAAA-MM-JJ (reçu « { $found } »).
invalid-end-date = La date de fin s'écrit AAAA-MM-JJ (reçu « { $found } »).
invalid-tiebreaks = Départage inconnu, ou qui ne classe pas ce type de tournoi : « { $found } ». Codes FIDE attendus, séparés par des virgules (BH/C1, BH, SB, DE, WIN…).
invalid-rules = Édition des règles attendue : 2026, 2024, 2012, pre2012 ou rien (reçu « { $found } »).
invalid-points = Les points vont de 0 à 10, par dixièmes (reçu « { $found } »).
invalid-title = Titre attendu : GM, IM, FM, CM, WGM, WIM, WFM, WCM ou rien (reçu « { $found } »).
invalid-rating = L'Elo va de 0 à 3999 (reçu « { $found } »).
invalid-national-rating = Le classement national va de 0 à 3999 (reçu « { $found } »).
invalid-federation = La fédération s'écrit en trois lettres, par exemple FRA (reçu « { $found } »).
invalid-sex = Sexe attendu : m, w ou rien (reçu « { $found } »).
invalid-fide-id = Le code FIDE est un nombre (reçu « { $found } »).
invalid-bye-limit = Le nombre de byes autorisés est un nombre entier (reçu « { $found } »).
invalid-round = Numéro de ronde hors du tournoi (reçu « { $found } »).
invalid-grid = Échiquier { $board } : résultat attendu 1-0 (ou 1), 0-1 (ou 0), 1/2 (ou ½, =), +- (ou +), -+, --, ½-0, 0-½ ou 0-0 (reçu « { $found } »).
invalid-result = Résultat attendu : 1-0, 1/2 ou 0-1 (reçu « { $found } »).
invalid-password = Le mot de passe doit compter 8 caractères au moins.
invalid-rounds-even = Un tournoi en double suisse compte un nombre pair de rondes : chaque match est de deux parties (reçu « { $found } »).

# L'explication du moteur suisse (fiche du joueur).
explain-bye = nombre impair de joueurs : l'exempt va au score le plus bas possible ({ $score }, C5) parmi les joueurs qui peuvent le recevoir (C2)
explain-bye-c9 = , puis à celui qui a le moins de parties non jouées (C9)
explain-down = resté sans adversaire dans le groupe de { $bracket } (C6–C8 choisissent les flotteurs descendants) et apparié avec { $opponent } ({ $score })
explain-up = apparié avec { $opponent }, descendu du groupe de { $score }
explain-inside = apparié dans son groupe de score ({ $score })
explain-not-taken = { $player } (mieux classé) n'a pas été retenu à cause de { $criterion }
# L'explication des moteurs Burstein, Dubov et Lim (fiche du joueur) ; $article est le chapitre
# et l'article du texte du système (« C.04.4.1 5.2.3 »).
explain-swiss-bye-only = exempt d'appariement : seul joueur qui peut le recevoir ({ $article })
explain-swiss-bye-legal = exempt d'appariement : l'exempt donné à un joueur le précédant dans l'ordre aurait laissé les autres sans appariement valide ({ $article })
explain-swiss-bye-score = exempt d'appariement : le score le plus bas ({ $score }) parmi les joueurs qui peuvent le recevoir ({ $article })
explain-swiss-bye-games = exempt d'appariement : au score le plus bas ({ $score }), le plus de parties jouées ({ $article })
explain-swiss-bye-rating = exempt d'appariement : le classement Elo le plus bas à la ronde 1 ({ $article })
explain-swiss-bye-rank = exempt d'appariement : au score le plus bas ({ $score }), le rang le plus bas ({ $article })
explain-swiss-bye-fixed = exempt d'appariement, fixé par l'arbitre ({ $article })
explain-swiss-inside = apparié avec { $opponent } dans son groupe de score ({ $score })
explain-swiss-up = flotte vers le haut pour rencontrer { $opponent } ({ $score }) ({ $article })
explain-swiss-down = apparié avec { $opponent } ({ $score }), qui monte d'un groupe de score inférieur ({ $article })
explain-colour-initial = { $colour } : aucun des deux n'avait joué, la couleur tirée pour la ronde 1 et le numéro du mieux classé décident ({ $article })
explain-colour-limits = { $colour } : la seule attribution qui respecte les limites de couleur des deux joueurs ({ $article })
explain-colour-both = { $colour } : chacun reçoit la couleur qui lui est due ({ $article })
explain-colour-stronger = { $colour } : la préférence de couleur la plus forte l'emporte ({ $article })
explain-colour-history = { $colour } : alternance depuis la dernière ronde où les deux avaient des couleurs différentes ({ $article })
explain-colour-ranking = { $colour } : la préférence du joueur que la règle classe en premier ({ $article })
explain-swiss-bye-matches = exempt d'appariement : au score le plus bas ({ $score }), le plus de matchs joués ({ $article })
explain-colour-fewer-whites = { $colour } : les Blancs vont au joueur qui les a eus le moins souvent ({ $article })
explain-colour-game-1 = { $colour } dans la partie 1
explain-passed = pas apparié avec { $player }, l'adversaire que désignait le premier appariement candidat du groupe de score : { $reason } ({ $article })
explain-passed-bracket = pas apparié avec { $player }, l'adversaire que désignait le premier identifiant d'appariement du groupe : { $reason } ({ $article })
explain-passed-played = ils se sont déjà rencontrés
explain-passed-forbidden = l'arbitre a interdit cet appariement
explain-passed-colours = aucune attribution des couleurs ne garde les deux joueurs dans les limites de couleur
explain-passed-completion = avec cette paire, les autres joueurs ne pourraient pas tous être appariés
explain-passed-floaters = le choix des flotteurs les a placés dans des groupes différents
explain-passed-upfloaters = le choix des flotteurs montants les a placés dans des groupes différents
explain-passed-order-burstein = l'ordre des appariements candidats, selon l'indice (Buchholz, puis Sonneborn-Berger), a donné un autre appariement
explain-passed-order-dubov = les joueurs attendant les Blancs classés par moyenne Elo de leurs adversaires, face aux joueurs attendant les Noirs classés par numéro d'appariement, ont donné un autre appariement
explain-passed-order-lim = les échanges ont donné un autre adversaire
explain-passed-order-double-swiss = un identifiant d'appariement suivant est le premier à respecter les critères
criterion-c1 = C1 (pas de seconde rencontre)
criterion-c3 = C3 (couleurs absolues)
criterion-c4-c5 = C4/C5 (appariement complet, droit à l'exempt et son score)
criterion-c6 = C6 (nombre de flotteurs descendants)
criterion-c7 = C7 (scores des flotteurs descendants)
criterion-c8 = C8 (appariements du groupe suivant)
criterion-c8-scores = C8 (scores appariés dans le groupe suivant)
criterion-c9 = C9 (parties non jouées du bénéficiaire de l'exempt)
criterion-c10 = C10 (différence de couleurs des meneurs)
criterion-c11 = C11 (même couleur trois fois de suite pour les meneurs)
criterion-c12 = C12 (préférences de couleur)
criterion-c13 = C13 (préférences de couleur fortes)
criterion-c14 = C14 (flottement descendant répété, ronde précédente)
criterion-c15 = C15 (flottement montant répété, ronde précédente)
criterion-c16 = C16 (flottement descendant répété, deux rondes avant)
criterion-c17 = C17 (flottement montant répété, deux rondes avant)
criterion-c18 = C18 (scores des flotteurs descendants répétés, ronde précédente)
criterion-c19 = C19 (scores des adversaires des flotteurs montants répétés, ronde précédente)
criterion-c20 = C20 (scores des flotteurs descendants répétés, deux rondes avant)
criterion-c21 = C21 (scores des adversaires des flotteurs montants répétés, deux rondes avant)
criterion-art-4 = Art. 4 (ordre des transpositions et des échanges)
criterion-no-criterion = aucun critère (indication pour le solveur)

# Bridge movements (arbiter bridge movement --format html): the cards of the tables and pairs.
movement-kind-mitchell = Mitchell
movement-kind-arrow-switch = Mitchell à flèche inversée (un seul classement)
movement-kind-howell = Howell
movement-kind-three-quarter-howell = Howell trois quarts
movement-title = { $kind }, { $tables } tables
movement-summary = { $kind }, { $tables } tables, { $rounds } positions de { $per } ({ $boards } donnes en { $sets } séries) ; { $field }.
movement-boards-one = 1 donne
movement-boards-many = { $count ->
    [one] { $count } donne
   *[other] { $count } donnes
}
movement-field-one = un seul classement (un vainqueur)
movement-field-two = deux classements (NS et EO classés à part)
movement-mitchell = Les paires NS 1-{ $tables } restent à leur table ; les paires EO { $first }-{ $last } montent d'une table (de la table { $tables } à la table 1) ; les étuis descendent d'une table.
movement-relay = Partage d'étuis et guéridon : un guéridon entre les tables { $a } et { $b } garde une série à chaque position ; les tables 1 et { $tables } partagent une série. Les étuis vont de la table { $b } au guéridon, du guéridon à la table { $a }, et des tables 1 et { $tables } à la table { $before }.
movement-skip = Saut : après la position { $round }, les paires EO montent de deux tables au lieu d'une.
movement-switch-one = Flèche inversée à la position { $rounds } : les étuis sont tournés, les paires EO prennent les cartes de Nord-Sud.
movement-switch-many = Flèche inversée aux positions { $rounds } : les étuis sont tournés, les paires EO prennent les cartes de Nord-Sud.
movement-stationary-one = Paire fixe { $pairs } (Nord-Sud) ; les autres paires se déplacent comme le dit leur feuille de route.
movement-stationary-many = Paires fixes { $pairs } (Nord-Sud) ; les autres paires se déplacent comme le dit leur feuille de route.
movement-howell-complete = Chaque paire rencontre une fois chacune des autres et joue chaque donne une fois.
movement-howell-three-quarter = Chaque paire joue chaque donne une fois et ne rencontre aucune paire deux fois.
movement-idle-sets = { $count ->
    [one] Une série est hors jeu à chaque position : gardez-la sur un guéridon ; les cartes de table disent où elle va ensuite.
   *[other] { $count } séries sont hors jeu à chaque position : gardez-les sur un guéridon ; les cartes de table disent où va chaque série ensuite.
}
movement-round-shared = Position { $round } : { $tables } partagent la série { $set } (donnes { $boards }).
movement-phantom = La paire { $pair } manque (demi-table) : ses adversaires sont au relais à chaque position.
movement-table-one = la table { $table }
movement-tables = les tables { $list } et { $last }
movement-rounds = Positions
movement-table-cards = Cartes de table
movement-guide-cards = Feuilles de route
movement-round = Position { $round }
movement-table = Table { $table }
movement-pair = Paire { $pair }
movement-col-table = Table
movement-col-round = Position
movement-col-ns = NS
movement-col-ew = EO
movement-col-boards = Donnes
movement-col-next = Étuis ensuite à
movement-col-sits = Place
movement-col-remark = Remarque
movement-col-against = Adversaires
movement-note-switch = flèche inversée : les paires EO prennent les cartes NS
movement-note-idle = hors jeu : donnes { $boards }
movement-shared-with = partagées avec { $tables }
movement-sit-out = relais
movement-arrow-switch = flèche inversée
movement-end = fin
movement-bye-stand-then = guéridon, puis { $place } à la position { $round }
movement-stays = la paire { $pair } reste ici (NS)
movement-stationary-at = fixe à la table { $table } en NS
movement-sits-ns-switched = cartes NS (tournées)
movement-sits-ew-switched = cartes EO (tournées)
movement-against = paire { $pair }

# The event as it was right after one action of the log (read only).
state-title = État après l'action { $entry }
state-link = Le tournoi juste après cette action
state-read-only = Lecture seule : le tournoi tel qu'il était juste après cette action.
state-back = Retour au journal
state-no-players = Aucun joueur encore.
state-no-rounds = Aucune ronde appariée encore.

## Classement par équipes (arbiter standings --teams --format html) et légende des départages d'équipes
team-standings = Classement par équipes
team-standings-after = Classement par équipes après la ronde { $round }
col-team = Équipe
col-match-points = PM
col-game-points = PP
tb-abh = Score ajusté (pour le Buchholz des adversaires)
tb-yug = Yougoslave (adversaires à 50 % ou plus)
tb-kash = Kashdan (4 par gain, 2 par nulle, 1 par perte)
tb-mp = Points de match
tb-gp = Points de partie
tb-bc = Décompte par échiquier
tb-berlin = Berlinois (points de partie pondérés par échiquier)
tb-mpvgp = L'autre score (points de partie si le classement est aux points de match, et inversement)
tb-tbr = Résultats des premiers échiquiers
tb-bbe = Élimination des derniers échiquiers
tb-emmsb = Sonneborn-Berger étendu : points de match de l'adversaire × points de match marqués
tb-emgsb = Sonneborn-Berger étendu : points de match de l'adversaire × points de partie marqués
tb-egmsb = Sonneborn-Berger étendu : points de partie de l'adversaire × points de match marqués
tb-eggsb = Sonneborn-Berger étendu : points de partie de l'adversaire × points de partie marqués
tb-ede = Confrontation directe étendue
tb-edebt = Confrontation directe étendue, puis décompte par échiquier et résultats des premiers échiquiers
tb-edebb = Confrontation directe étendue, puis décompte par échiquier et élimination des derniers échiquiers
tb-edet = Confrontation directe étendue, puis résultats des premiers échiquiers
tb-edeb = Confrontation directe étendue, puis élimination des derniers échiquiers
tb-sssc = Score et force du calendrier combinés
tbs-mp = sur les points de match
tbs-gp = sur les points de partie

## Deux personnes à la fois : un formulaire rendu périmé par la modification d'un autre, et des déclarations de joueurs qui divergent
error-title-conflict = Modifié entre-temps
conflict-intro = Quelqu'un d'autre a modifié ceci depuis le chargement de votre page : sa modification est conservée, rien n'en a été écrasé.
conflict-nothing = rien
conflict-board = Échiquier { $board } : vous avez saisi { $yours }, mais { $stored } a été saisi entre-temps (votre page montrait { $shown }). { $stored } est conservé ; saisissez { $yours } de nouveau pour le remplacer.
conflict-pairing = L'appariement de la ronde { $round } a été modifié entre-temps : rien n'a été échangé. Vérifiez l'appariement affiché ici.
conflict-player = { $name } a été modifié entre-temps (maintenant : { $stored }) ; rien n'a été enregistré. Vos valeurs ({ $yours }) sont dans le formulaire : enregistrez de nouveau pour remplacer les siennes.
conflict-presence = { $name } a été marqué { $stored } entre-temps ; laissé tel quel (vous demandiez { $yours }).
conflict-present = présent
conflict-absent = absent
conflict-withdrawal = { $name } a été retiré ou réintégré entre-temps (maintenant : { $stored }) ; rien n'a été changé.
conflict-playing = en jeu
conflict-bye = { $name }, ronde { $round } : le bye a été modifié entre-temps (maintenant : { $stored }) ; le vôtre ({ $yours }) n'a pas été enregistré.
conflict-no-bye = aucun bye
conflict-settings = Les paramètres du tournoi ont été modifiés entre-temps ; rien n'a été enregistré. Rechargez la page pour les voir, puis refaites votre modification.
results-saved = { $count ->
    [one] Résultat enregistré : { $count }.
   *[other] Résultats enregistrés : { $count }.
}
report-conflict-board = Échiquier { $board } : les joueurs ont déclaré des résultats différents.
report-conflict-keep = Garder { $result }
report-conflict-title = Les joueurs ont déclaré des résultats différents : à trancher
report-conflict-hint = Ou saisissez le résultat dans la grille.
report-white-is = Blancs
report-black-is = Noirs
report-white-wins = { $name } (Blancs) gagne
report-black-wins = { $name } (Noirs) gagne
report-draw = Partie nulle
report-check = Vous déclarez : { $result }.
report-send = Envoyer ce résultat
report-change = Modifier
report-check-hint = Rien n'est envoyé avant que vous touchiez « Envoyer ce résultat ».
report-unchanged = Ce résultat avait déjà été envoyé pour cet échiquier. Merci !
report-differs = Votre résultat { $result } diffère de celui déjà envoyé pour cet échiquier : l'arbitre vérifiera avec les deux joueurs.

## Prix (issue 23)
tab-prizes = Prix
col-prize = Prix
col-category = Catégorie
col-amount = Montant
col-receives = Reçoit
prize-general = Général
prize-object = objet
prize-shared-under = (partagé sous { $prize })
prize-not-awarded = (non attribué)
prizes-paid = Total versé
field-prize-rule = Joueurs à égalité
field-prize-list = Liste des prix
prize-rule-places = Départagés
prize-rule-shared = Partage égal des prix de leurs places
prize-rule-hort = Système Hort
prize-rule-places-explained = Les joueurs à égalité de points sont départagés ; chaque joueur reçoit un seul prix, le plus élevé.
prize-rule-shared-explained = Les joueurs à égalité de points se partagent à parts égales les prix des places qu'ils occupent ; chaque joueur reçoit un seul prix, le plus élevé.
prize-rule-hort-explained = Système Hort : des prix des places occupées par les joueurs à égalité, la moitié est partagée à parts égales, l'autre moitié suit l'ordre des départages ; chaque joueur reçoit un seul prix, le plus élevé.
prize-legend-lines = Première ligne « prix;catégorie;montant » (ou « prize;category;amount »), puis un prix par ligne, dans l'ordre où les prix d'une catégorie sont attribués. Montant : 150 ou 75,50 ; vide pour un objet (le nom du prix dit lequel).
prize-legend-category = Catégorie : vide pour le classement général, sinon une ou plusieurs conditions reliées par « & » (par exemple « elo<1600&féminin »). Les mots anglais (rating, women, age, unrated) se lisent aussi ; la liste enregistrée est réécrite en français.
prize-legend-write = On écrit
prize-legend-means = Qui peut gagner le prix
prize-legend-rating-below = Elo inférieur à { $rating } (les non-classés n'y sont pas)
prize-legend-rating-from = Elo de { $rating } ou plus
prize-legend-women = Joueuses
prize-legend-age = Âge au 1er janvier de l'année où le tournoi finit : moins de 18 ans, 50 ans ou plus
prize-legend-ffe = Catégories d'âge FFE, une seule ou de l'une à l'autre, dans la saison du tournoi (du 1er septembre au 31 août) : { $codes }
prize-legend-unrated = Joueurs sans Elo
prize-category-ffe = Catégorie { $category }
prize-category-ffe-range = Catégories { $first } à { $last }
prizes-invalid = La liste des prix ne se lit pas : { $where } (trouvé { $found }).
## Printed chess documents: the foot of every printed page, board slips, the round-robin table
print-printed = Imprimé le { $date }
print-page = Page
square-table = Tableau à double entrée
square-hint = Chaque ligne se lit face à chaque colonne : le résultat du joueur de la ligne contre le joueur dont le numéro est en tête de colonne (en aller-retour, les deux parties dans l'ordre des rondes).
slips-title = Fiches de résultat
slips-loopback = Les fiches impriment { $address } : cette adresse désigne cet ordinateur lui-même, les téléphones ne peuvent pas l'ouvrir. Ouvrez cette page par l'adresse qu'utilisent les téléphones (celle de cet ordinateur sur le réseau de la salle), ou lancez le serveur avec arbiter serve --public-url suivi de cette adresse.
slips-hint = Une fiche par échiquier, à découper et poser sur l'échiquier : son code permet aux joueurs de déclarer le résultat depuis un téléphone. La liste d'appariements imprimée ne montre jamais les codes.
## Date et heure des rondes (ticket 20 §2)
round-starts-at = { $weekday } { $date } à { $hour }h{ $minute }
round-starts-on = { $weekday } { $date }
weekday-1 = lundi
weekday-2 = mardi
weekday-3 = mercredi
weekday-4 = jeudi
weekday-5 = vendredi
weekday-6 = samedi
weekday-7 = dimanche
round-start-set = Date et heure de la ronde
field-round-date = Date
field-round-time = Heure
schedule-title = Calendrier des rondes
schedule-hint = Imprimés sur les appariements et la page publique, et écrits dans l'export TRF (ligne 132). Laissez la date vide s'il n'y en a pas ; l'heure est facultative.
conflict-round-start = Ronde { $round } : sa date a été modifiée entre-temps (maintenant { $stored }) ; la vôtre ({ $yours }) n'a pas été enregistrée.
conflict-no-date = pas de date
action-set_round_starts = Date et heure des rondes
log-round-start = ronde { $round } : { $start }
invalid-round-date = Ronde { $round } : la date s'écrit AAAA-MM-JJ, et une heure demande une date (reçu « { $found } »).
invalid-round-time = Ronde { $round } : l'heure s'écrit HH:MM, de 00:00 à 23:59 (reçu « { $found } »).
## Tirage au sort, dernier départage (ticket 20 §3)
tb-lot = Tirage au sort (en dernier ; fait une fois par l'arbitre, consigné au journal)
action-draw_lots = Tirage au sort
lots-draw = Tirer au sort
lots-hint = Dernier départage : chaque joueur reçoit un numéro tiré au sort une seule fois et consigné au journal ; les joueurs encore à égalité après tous les autres départages sont classés selon ce numéro.
log-lot = n° { $number } : tirage { $lot }
log-seed = graine { $seed }
## Appariement manuel (issue 20 §3)
manual-title = Appariement manuel
manual-unpaired = À apparier
manual-waiting = { $count ->
    [one] { $count } joueur pointé n'a pas d'échiquier : aucun résultat ne peut être saisi ni la ronde suivante appariée tant que chaque joueur n'a pas un échiquier ou l'exemption.
   *[other] { $count } joueurs pointés n'ont pas d'échiquier : aucun résultat ne peut être saisi ni la ronde suivante appariée tant que chaque joueur n'a pas un échiquier ou l'exemption.
}
manual-break = Défaire les échiquiers cochés
manual-break-box = Défaire l'échiquier { $board }
manual-pair = Apparier à la main
manual-paired = L'échiquier a été ajouté après les autres ; triez les échiquiers une fois l'appariement complet.
manual-bye = Attribuer l'exemption
manual-bye-given = L'exemption a été attribuée.
manual-sort = Trier les échiquiers
manual-hint = Cochez des échiquiers dans la liste et défaites-les : leurs joueurs passent dans la liste « à apparier » ; appariez-les à la main, les Blancs d'abord. Chaque échiquier fait à la main passe par le contrôle de l'appariement. Le tri remet les échiquiers dans l'ordre habituel (score du mieux classé, puis son numéro d'appariement).
refusal-unpaired_players = Des joueurs pointés de cette ronde n'ont pas d'échiquier : appariez-les (ou attribuez l'exemption) avant de saisir des résultats ou d'apparier la ronde suivante.
refusal-match_edited_by_swaps = Un match du Double-Swiss se modifie par échange de joueurs, les deux parties à la fois : défaire des échiquiers et apparier à la main n'y sont pas possibles.
action-break_boards = Échiquiers défaits
action-pair_by_hand = Appariement manuel d'un échiquier
action-bye_by_hand = Exemption attribuée à la main
action-sort_boards = Échiquiers triés
file-cell = Fichier, ligne { $line }, colonne { $column }
named-file-cell = { $file }, ligne { $line }, colonne { $column }
invalid-birth-date = La date de naissance s'écrit AAAA/MM/JJ, AAAA-MM-JJ ou JJ/MM/AAAA, ou l'année seule (reçu « { $found } »).
invalid-deputy-arbiters = Arbitres adjoints : un nom par ligne, 100 caractères au plus, sans caractère de contrôle.
invalid-initial-colour = Couleur initiale attendue : w (Blancs) ou b (Noirs) (reçu « { $found } »).
invalid-initial-color = Couleur initiale attendue : w (Blancs) ou b (Noirs) (reçu « { $found } »).
invalid-rule = Règle de partage attendue : places, shared (partage égal) ou hort (reçu « { $found } »).
invalid-pick = Choisissez au moins un joueur.
invalid-black = Les Blancs et les Noirs doivent être deux joueurs différents.
invalid-boards = Choisissez un ou plusieurs échiquiers de cette ronde.
invalid-username = L'identifiant compte de 1 à 64 caractères visibles (reçu « { $found } »).
invalid-entry = Numéro d'entrée du journal attendu (reçu « { $found } »).
invalid-baku = L'accélération de Bakou s'applique au système hollandais ou au système Dubov, pas au Lim.
invalid-game = Partie du match attendue : 1 ou 2.
invalid-system = Système attendu : swiss (suisse), round_robin (toutes rondes) ou double_round_robin (toutes rondes aller-retour) (reçu « { $found } »).

# chess-results.com (issue 35)
export-chess-results = Fichier pour chess-results.com (XML)
publish-chess-results = Publier sur chess-results.com
published-chess-results = Publié sur chess-results.com (tournoi { $key }) :
publish-chess-results-failed = Non publié sur chess-results.com : { $reason }
teams-chess-results = Résultats sur chess-results.com
