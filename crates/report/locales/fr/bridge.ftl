# Bridge sessions: pages of the director, the tables and the public (keys start with "bridge-").

## Sessions and settings
bridge-sessions = Tournois de bridge
bridge-sessions-none = Aucun tournoi de bridge pour l'instant.
bridge-home-link = Tournois de bridge (paires)
bridge-new = Nouveau tournoi
bridge-create = Créer le tournoi
bridge-save = Enregistrer
bridge-settings = Paramètres
bridge-settings-session = Tournoi
bridge-settings-movement = Mouvement
bridge-settings-scoring = Marque
bridge-settings-started = Des résultats sont saisis : le nombre de tables, le mouvement et les étuis ne peuvent plus changer.
bridge-field-name = Nom du tournoi
bridge-field-club = Club
bridge-field-place = Lieu
bridge-field-date = Date
bridge-field-director = Arbitre
bridge-director-is = Arbitre : { $name }
bridge-field-tables = Tables
bridge-field-movement = Mouvement
bridge-field-even = Nombre pair de tables (Mitchell)
bridge-field-boards-per-round = Donnes par position
bridge-field-phantom = Paire fantôme (demi-table)
bridge-field-scoring = Méthode de marque
bridge-field-average-plus = Moyenne plus (%)
bridge-field-average = Moyenne (%)
bridge-field-average-minus = Moyenne moins (%)
bridge-field-public = Résultats publics
bridge-field-public-url = Adresse publique imprimée sur les fiches de codes
bridge-field-public-url-hint = L'adresse qu'ouvrent les téléphones, par exemple http://192.168.1.20:8080 (vide : l'adresse qu'utilise ce navigateur).
bridge-field-session-average = Moyenne+ : le pourcentage de la paire sur la séance s'il est plus élevé (Moyenne− s'il est plus bas)
bridge-slips-loopback = Les fiches impriment { $address } : cette adresse désigne cet ordinateur lui-même, les téléphones ne peuvent pas l'ouvrir. Indiquez l'adresse publique (celle du portable sur le réseau du club) dans les réglages :
bridge-field-ns = Nord-Sud
bridge-field-ew = Est-Ouest
bridge-auto = auto
bridge-none = aucune
bridge-movement-auto = Suggéré selon le nombre de tables
bridge-suggest = Suggestion (un seul classement) :
bridge-suggest-range = { $from }–{ $to } tables : { $movement }
bridge-even-relay = Relais et guéridon (partage d'étuis)
bridge-even-skip = Saut (skip)
bridge-scoring-mp2 = Match-points (2 points par marque battue, FFB)
bridge-scoring-mp1 = Match-points (1 point par marque battue, ACBL)
bridge-scoring-ximp = IMP croisés
bridge-scoring-ximp-avg = IMP croisés (moyenne par comparaison)
bridge-scoring-butler = Butler
bridge-delete = Supprimer le tournoi
bridge-delete-question = Supprimer ce tournoi et toutes ses feuilles ambulantes ?
bridge-progress = Saisie
bridge-progress-lines = { $entered ->
    [one] { $entered } ligne saisie sur { $expected }
   *[other] { $entered } lignes saisies sur { $expected }
}
bridge-n-tables = { $count ->
    [one] { $count } table
   *[other] { $count } tables
}
bridge-n-rounds = { $count ->
    [one] { $count } position
   *[other] { $count } positions
}
bridge-n-boards = { $count ->
    [one] { $count } donne
   *[other] { $count } donnes
}
bridge-n-per-round = { $count } par position

## Tabs
bridge-tab-session = Tournoi
bridge-tab-pairs = Paires
bridge-tab-movement = Mouvement
bridge-tab-grid = Saisie
bridge-tab-ranking = Classement
bridge-tab-travellers = Feuilles ambulantes
bridge-tab-cards = Marques personnelles
bridge-tab-public = Page publique

## Pairs and deals
bridge-col-pair = Paire
bridge-col-start = Départ
bridge-col-licence = Licence
bridge-col-player1 = Joueur 1
bridge-col-player2 = Joueur 2
bridge-phantom = Paire fantôme
bridge-pairs-save = Enregistrer les paires
bridge-pairs-hint = Tabulation pour passer d'un nom à l'autre ; les paires inchangées ne sont pas réécrites.
bridge-pairs-saved = { $count ->
    [0] Aucune paire modifiée.
    [one] { $count } paire enregistrée.
   *[other] { $count } paires enregistrées.
}
bridge-pairs-import = Importer les paires (CSV des licenciés)
bridge-pairs-import-hint = Colonnes : numéro (facultatif), joueur 1, joueur 2, club, licence 1, licence 2 (facultatifs) ; séparateur point-virgule, virgule ou tabulation. Sans numéro, les paires sont remplies dans l'ordre 1, 2, 3…
bridge-pairs-imported = { $count ->
    [one] { $count } paire importée.
   *[other] { $count } paires importées.
}
bridge-import = Importer
bridge-deals = Diagrammes (donnes)
bridge-deals-known = { $count ->
    [0] Aucun diagramme chargé.
    [one] { $count } diagramme chargé.
   *[other] { $count } diagrammes chargés.
}
bridge-deals-upload = Charger le fichier PBN des donnes
bridge-deals-loaded = { $count ->
    [one] { $count } donne chargée.
   *[other] { $count } donnes chargées.
}

## Movement and table codes
bridge-ns = NS
bridge-ew = EO
bridge-movement-cards = Cartes de table et feuilles de route (impression)
bridge-movement-legend = Chaque case : paire NS–paire EO, et les étuis joués à la table.
bridge-slips = Codes des tables (impression)
bridge-slips-hint = Découpez une fiche par table : le téléphone de la table ouvre l'adresse et tape le code.
bridge-slip-open = Ouvrez
bridge-slip-code = et tapez le code

## The director's grid
bridge-col-board = Donne
bridge-col-boards = Donnes
bridge-col-masterpoints = PE
bridge-col-round = Position
bridge-col-table = Table
bridge-col-contract = Contrat
bridge-col-declarer = Déclarant
bridge-col-declarer-short = Décl.
bridge-col-lead = Entame
bridge-col-result = Résultat
bridge-col-score = Marque
bridge-col-score-ns = Marque NS
bridge-col-score-ew = Marque EO
bridge-col-status = État
bridge-col-missing = Lignes manquantes
bridge-col-rank = Place
bridge-col-names = Joueurs
bridge-col-mp = Points
bridge-col-mp-ns = Points NS
bridge-col-mp-ew = Points EO
bridge-col-top = Top
bridge-col-imps = IMP
bridge-col-line = Ligne
bridge-col-opponents = Adversaires
bridge-status-missing = Manquante
bridge-status-entered = Saisie par Nord, à confirmer
bridge-status-confirmed = Confirmée
bridge-status-director = Saisie par l'arbitre
bridge-status-adjusted = Score ajusté
bridge-missing-lines = { $count ->
    [one] { $count } ligne manquante
   *[other] { $count } lignes manquantes
}
bridge-missing-short = { $count ->
    [one] { $count } manquante
   *[other] { $count } manquantes
}
bridge-missing-none = Toutes les lignes sont saisies.
bridge-grid-hint = Contrat : 3SA, 4PX (pique), 4C (cœur), 2KXX (carreau), 3T (trèfle), ou les symboles ♠ ♥ ♦ ♣, P (passe) ; déclarant N, E, S ou O ; entame PA (as de pique), C10 (dix de cœur), KR, TV ; levées =, +1, −2 ou le nombre de levées du déclarant. Entrée enregistre la ligne.
bridge-contract-placeholder = 3SA, 4PX, 4C, P
bridge-clear-line = Effacer la ligne
bridge-edit = Corriger
bridge-adjust = Score ajusté
bridge-adjust-kind = Type
bridge-adjust-artificial = Score artificiel (moyenne plus/moins, %)
bridge-adjust-assigned = Score attribué
bridge-adjust-weighted = Score pondéré
bridge-adjust-split = Score non équilibré
bridge-adjust-not-played = Donne non jouée
bridge-adjust-score = Marque NS
bridge-adjust-save = Attribuer
bridge-adjust-hint = Artificiel : A+, A=, A− ou un pourcentage pour chaque camp ; attribué : la marque NS (420, −100) ; pondéré : 620@70%;−100@30% ; non équilibré : la marque de NS et celle d'EO (vue de NS).
bridge-average-plus-short = M+
bridge-average-short = M
bridge-average-minus-short = M−
bridge-not-played = Non jouée
bridge-passed-out = Passe
bridge-conflicts = Conflits de saisie
bridge-conflict = conflit
bridge-conflicts-count = { $count ->
    [one] { $count } conflit à trancher
   *[other] { $count } conflits à trancher
}
bridge-conflict-kept = Ligne enregistrée
bridge-conflict-other = Autre saisie
bridge-conflict-keep = Garder celle-ci
bridge-conflict-take = Prendre celle-ci

## Results
bridge-ranking = Classement
bridge-travellers = Feuilles ambulantes
bridge-cards = Marques personnelles
bridge-provisional = Classement provisoire
bridge-ranking-refresh = La page se met à jour toutes les 30 secondes.
bridge-all-pairs = Toutes les paires
bridge-dealer = Donneur
bridge-north = Nord
bridge-east = Est
bridge-south = Sud
bridge-west = Ouest
bridge-vul-none = Personne vulnérable
bridge-vul-ns = NS vulnérables
bridge-vul-ew = EO vulnérables
bridge-vul-both = Tous vulnérables
bridge-export-pbn = Exporter en PBN
bridge-export-usebio = Exporter en USEBIO (XML)
bridge-export-html = Page HTML du tournoi

## The table page
bridge-table-title = Saisie à la table
bridge-table-code = Code de la table
bridge-table-open = Ouvrir
bridge-table-code-hint = Le code est imprimé sur la fiche posée sur la table.
bridge-round-of = Position { $round }
bridge-round-prev = Position précédente
bridge-round-next = Position suivante
bridge-round-done = Toutes les donnes de cette position sont confirmées.
bridge-round-closed = Votre table est à la position { $round } : les donnes restées ouvertes ici sont pour l'arbitre.
bridge-table-left = Donne { $board } de la position { $round } : laissée à l'arbitre.
bridge-pairs-check = Avant la première donne : ces paires sont-elles bien assises à cette table ?
bridge-pairs-ok = Oui, ce sont nos paires
bridge-pairs-wrong = Ce ne sont pas vos numéros de paire ? Ne jouez pas : appelez l'arbitre.
bridge-sits-out = relais
bridge-table-sits-out = Pas de jeu à cette table pendant cette position (relais).
bridge-level = Palier
bridge-strain = Couleur
bridge-doubling = Contré
bridge-lead-suit = Couleur de l'entame
bridge-lead-card = Carte d'entame
bridge-enter = Enregistrer
bridge-correct = Corriger la saisie
bridge-confirm = Confirmer (Est-Ouest)
bridge-confirm-hint = Est ou Ouest vérifie la marque et confirme.
bridge-table-hint = Nord saisit chaque donne ; Est ou Ouest confirme la marque affichée.
bridge-table-stored = Donne { $board } enregistrée : Est ou Ouest, vérifiez et confirmez.
bridge-table-unchanged = Donne { $board } : déjà enregistrée ainsi.
bridge-table-confirmed = Donne { $board } confirmée.
bridge-table-conflict = Donne { $board } : votre saisie diffère de celle déjà enregistrée ; les deux sont gardées.
bridge-table-conflict-open = Deux saisies différentes : l'arbitre tranchera.
bridge-table-conflict-other = Les deux saisies :
bridge-call-director = Appeler l'arbitre
bridge-call-sent = L'arbitre est appelé à votre table.
bridge-call-open = L'arbitre est appelé à cette table.
bridge-calls = Appels des tables
bridge-call-director-at = Table { $table }, position { $round } : appel à l'arbitre
bridge-call-not-played-at = Table { $table }, position { $round } : donne { $board } non jouée (NS { $ns } – EO { $ew }), marque ajustée à attribuer
bridge-call-adjust = Attribuer la marque ajustée
bridge-call-clear = Traité
bridge-table-mark-not-played = Non jouée
bridge-table-not-played = Donne { $board } déclarée non jouée : l'arbitre attribuera la marque.
bridge-table-not-played-open = Non jouée : l'arbitre attribuera la marque.
bridge-table-played-after-all = Finalement jouée ? La saisir
bridge-field-table-results = Après la confirmation d'une donne, afficher sa marque et son pourcentage à la table
bridge-table-so-far-percent = Pour l'instant ({ $tables ->
    [one] { $tables } table
   *[other] { $tables } tables
}) : NS { $ns } % – EO { $ew } %
bridge-table-so-far-imps = Pour l'instant ({ $tables ->
    [one] { $tables } table
   *[other] { $tables } tables
}) : NS { $ns } IMP – EO { $ew } IMP
bridge-table-so-far-alone = Le pourcentage s'affichera dès qu'une autre table aura joué la donne.

## Refusals and wrong values
bridge-refusal-not_this_table = Cette donne ne se joue pas à cette table pendant cette position.
bridge-refusal-session_started = Impossible une fois la première ligne saisie (tables, mouvement, étuis).
bridge-refusal-no_such_pair = Ce numéro de paire n'existe pas dans le mouvement.
bridge-refusal-bad_code = Code de table inconnu.
bridge-refusal-result_confirmed = Cette ligne est déjà validée par l'arbitre : demandez-lui de la corriger.
bridge-invalid-usebio = La donne { $found } porte un score pondéré ou non équilibré, que le format USEBIO 1.2 ne sait pas écrire : elle est laissée hors du fichier ; l'export PBN la garde.
bridge-invalid-contract = Contrat attendu : palier 1 à 7 et couleur (3SA, 4PX, 4C pour cœur, 4♠) ou Passe (reçu { $found }).
bridge-invalid-declarer = Déclarant attendu : N, E, S ou O (reçu { $found }).
bridge-invalid-lead = Entame attendue : une carte comme PA (as de pique), C10 (dix de cœur) ou ♦7 (reçu { $found }).
bridge-invalid-contract-ambiguous-s = { $found } : S ne se lit pas en notation française. Pique ou sans-atout ? Tapez P (ou ♠) pour pique, SA pour sans-atout.
bridge-invalid-contract-ambiguous-h = { $found } : H est la notation anglaise. Pour cœur, tapez C (ou ♥).
bridge-invalid-contract-ambiguous-d = { $found } : D est la notation anglaise. Pour carreau, tapez K (ou ♦).
bridge-invalid-lead-ambiguous-s = Entame { $found } : S ne se lit pas en notation française. Pour pique, tapez P (ou ♠) : PA est l'as de pique.
bridge-invalid-lead-ambiguous-h = Entame { $found } : H est la notation anglaise. Pour cœur, tapez C (ou ♥) : C10 est le dix de cœur.
bridge-invalid-lead-ambiguous-d = Entame { $found } : D est la notation anglaise. Pour carreau, tapez K (ou ♦) : KR est le roi de carreau.
bridge-invalid-result = Levées attendues : =, +1, −2 ou le nombre de levées du déclarant (reçu { $found }).
bridge-invalid-tricks = Le nombre de levées va de 0 à 13 (reçu { $found }).
bridge-invalid-tables = Le nombre de tables va de 3 à 20 selon le mouvement (reçu { $found }).
bridge-invalid-board = Numéro de donne attendu (reçu { $found }).
bridge-invalid-ns = Numéro de la paire NS attendu (reçu { $found }).
bridge-invalid-ew = Numéro de la paire EO attendu (reçu { $found }).
bridge-invalid-art-ns = Score artificiel NS attendu : A+, A=, A− ou un pourcentage (reçu { $found }).
bridge-invalid-art-ew = Score artificiel EO attendu : A+, A=, A− ou un pourcentage (reçu { $found }).
bridge-invalid-score = Marque NS attendue, multiple de 10 (reçu { $found }).
bridge-invalid-weighted = Score pondéré attendu, par exemple 620@70%;−100@30% (reçu { $found }).
bridge-invalid-movement = Mouvement inconnu (reçu { $found }).
bridge-invalid-scoring = Méthode de marque inconnue (reçu { $found }).
bridge-invalid-split-ns = Marque NS attendue, multiple de 10 (reçu { $found }).
bridge-invalid-split-ew = Marque EO (vue de NS) attendue, multiple de 10 (reçu { $found }).
bridge-invalid-kind = Type de score ajusté inconnu (reçu { $found }).
bridge-invalid-round = Numéro de position attendu (reçu { $found }).
bridge-invalid-date = La date s'écrit AAAA-MM-JJ (reçu { $found }).
bridge-invalid-phantom = Numéro de paire fantôme attendu (reçu { $found }).
bridge-invalid-boards-per-round = Nombre de donnes par position attendu (reçu { $found }).
bridge-invalid-even = Relais ou saut attendu (reçu { $found }).
bridge-invalid-public-url = Adresse attendue, par exemple http://192.168.1.20:8080 (reçu { $found }).
bridge-invalid-number = Numéro de paire attendu (reçu { $found }).

## Un formulaire du directeur rendu périmé par la modification d'un autre
bridge-conflict-line-status = { $status } : { $what }
bridge-conflict-changed-line = Donne { $board }, paires { $ns }–{ $ew } : la ligne a changé entre-temps (maintenant : { $stored }) ; rien n'a été écrit. Vérifiez-la, puis saisissez la vôtre de nouveau s'il le faut.
bridge-conflict-changed-pair = Paire { $number } : renommée entre-temps en { $stored } ; la vôtre ({ $yours }) n'a pas été enregistrée.
bridge-conflict-changed-settings = Les paramètres de la séance ont été modifiés entre-temps ; rien n'a été enregistré. Rechargez la page pour les voir, puis refaites votre modification.

## Diagrammes analysés (levées possibles au double mort et par)
bridge-tab-hands = Diagrammes
bridge-hand-records = Diagrammes et levées possibles
bridge-hand-records-none = Aucun diagramme chargé : chargez le fichier PBN des donnes depuis la page des paires.
bridge-dd-title = Levées possibles
bridge-dd-makeable = Contrats réalisables :
bridge-dd-par = Par :
bridge-dd-none = Levées possibles : analyse en attente.
bridge-analysing = Analyse en cours : { $solved ->
    [one] { $solved } donne analysée
   *[other] { $solved } donnes analysées
} sur { $deals }. La page se recharge d'elle-même.
bridge-analysing-reload = Recharger
bridge-public-held-back = { $count ->
    [one] Une donne est encore en jeu : elle apparaîtra ici quand toutes les tables l'auront jouée.
   *[other] { $count } donnes sont encore en jeu : chacune apparaîtra ici quand toutes les tables l'auront jouée.
}

## Numérotation des paires Est-Ouest d'un Mitchell (issue 20)
bridge-field-pair-numbering = Paires Est-Ouest numérotées
bridge-pair-numbering-through = à la suite des Nord-Sud (8 à 14 pour 7 tables)
bridge-pair-numbering-per-line = à partir de 1 avec EO (1 EO à 7 EO pour 7 tables)
bridge-invalid-pair-numbering = Attendu : through ou per-line (reçu { $found }).

## Classement cumulé (issue 24 §3)
series-title = Classements cumulés
series-none = Aucun classement cumulé pour l'instant.
series-new = Nouveau classement cumulé
series-create = Créer le classement
series-edit = Règle et séances
series-delete = Supprimer le classement
series-ranking = Classement cumulé
series-field-name = Nom
series-field-rule = Règle
series-field-scoring = Décompte
series-field-points = Points au 1er, 2e, 3e…
series-field-best = Meilleures séances retenues
series-field-public = Page publique
series-best-hint = Laisser vide pour retenir toutes les séances. Avec les points à la place, une place au-delà de la liste ne rapporte rien ; les paires ex aequo se partagent les points des places qu'elles occupent.
series-scoring-percentages = Somme des pourcentages
series-scoring-points = Points à la place
series-scoring-points-list = Points à la place : { $points }
series-best-of = { $best ->
    [one] Meilleure séance sur { $sessions }
   *[other] Meilleures { $best } séances sur { $sessions }
}
series-best-so-far = { $best ->
    [one] La meilleure séance compte
   *[other] Les { $best } meilleures séances comptent
} ({ $sessions ->
    [one] { $sessions } séance à ce jour
   *[other] { $sessions } séances à ce jour
})
series-best-all = Toutes les séances comptent
series-col-sessions = Séances
series-col-player = Joueur
series-col-licence = Licence
series-col-played = Jouées
series-col-total = Total
series-place-in-session = { $place }e de la séance
series-provisional = des résultats restent à saisir dans certaines séances.
series-empty = Pas encore de résultat : cochez ci-dessous les séances du classement.
series-legend = Chaque joueur reçoit le pourcentage et la place de sa paire à chaque séance (dans sa ligne pour un Mitchell à deux gagnants). Un joueur est reconnu d'une séance à l'autre par son numéro de licence, à défaut par son nom tel que saisi, sans tenir compte des majuscules, des accents ni des espaces. Les scores entre parenthèses ne font pas partie des meilleurs retenus. Les totaux égaux partagent la place.
bridge-invalid-best = Le nombre de séances retenues est au moins 1, ou rien pour toutes (reçu « { $found } »).
bridge-invalid-session = Numéro de séance attendu (reçu « { $found } »).
bridge-invalid-percentage = Un pourcentage va de 0 à 100 (reçu « { $found } »).
bridge-invalid-weights = Les pondérations dépassent 0 % et totalisent 100 % (reçu « { $found } »).
bridge-neuberg-note = Marqué avec Neuberg : { $played } résultats pour { $expected } attendus.
series-field-average-over = Classement à la moyenne, présence minimale (séances)
series-average-hint = Laisser vide pour classer au total. Avec une présence minimale, le classement se fait à la moyenne des séances retenues ; à moyenne égale, le joueur qui a joué le plus de séances passe devant, puis celui qui a la meilleure séance ; les joueurs encore à égalité partagent la place. Un joueur en dessous de la présence minimale figure en fin de classement, non classé.
series-average-over = { $sessions ->
    [one] à la moyenne, { $sessions } séance au moins
   *[other] à la moyenne, { $sessions } séances au moins
}
series-col-average = Moyenne
series-not-ranked = n.c.
bridge-settings-masterpoints = Points d'expert
bridge-masterpoints-hint = Le barème du club : chaque tournoi du club (par son nom) le prend. La dotation du premier à l'EBU est celle que son règlement donne pour la taille de l'épreuve ; le barème du club donne les points de la 1re, 2e, 3e… place.
bridge-field-masterpoints = Barème
bridge-field-masterpoints-top = Dotation du premier à l'EBU (points locaux)
bridge-field-masterpoints-table = Points par place
bridge-masterpoints-none = Aucun
bridge-masterpoints-acbl-club = ACBL, tournoi de club open
bridge-masterpoints-ebu-club = EBU, points locaux (échelle club)
bridge-masterpoints-table = Le barème du club
