## Tournois individuels de bridge : chaque joueur change de partenaire (mouvements Whist et Rainbow)

bind-title = Tournois individuels
bind-none = Aucun tournoi individuel pour l'instant.
bind-new = Nouveau tournoi individuel
bind-new-hint = Un individuel se joue à quatre joueurs par table ; chaque mouvement n'est proposé que pour les nombres de tables où il existe. Chaque joueur change de partenaire à chaque position, et chaque donne est classée sur tout le champ.
bridge-invalid-individual-tables = Ce mouvement n'existe pas pour { $found } tables : le Whist se joue de 2 à 5 tables, le Rainbow à 5 ou 7.
bind-boards-per-round = Donnes par position
bind-kind-whist = Whist
bind-kind-rainbow = Rainbow
bind-movement-of = { $kind }, { $tables } tables, { $boards ->
    [one] 1 donne par position
   *[other] { $boards } donnes par position
}
bind-movement-choice = { $kind }, { $tables } tables ({ $players } joueurs, { $rounds } positions)
bind-tab-session = Tournoi
bind-tab-players = Joueurs
bind-tab-movement = Feuille de mouvement
bind-tab-ranking = Classement
bind-codes = Codes des tables
bind-codes-hint = Le téléphone de chaque table ouvre sa position avec le code de la table (sur /t) : il affiche les quatre joueurs à leur place et reçoit les donnes comme à une table de tournoi par paires.
bind-code = Code
bind-conflicts = Désaccords à trancher
bind-conflict = Donne { $board }, table { $table }, position { $round } : gardé { $kept }, un autre téléphone a envoyé { $other }. Saisissez le bon résultat ci-dessous.
bind-missing = { $count ->
    [0] Toutes les lignes ont un résultat.
    [one] 1 ligne sans résultat.
   *[other] { $count } lignes sans résultat.
}
bind-correct = Saisir ou corriger une ligne
bind-correct-save = Enregistrer la ligne
bind-correct-hint = La ligne devient celle de l'arbitre (les tables ne peuvent plus la changer) et ses désaccords sont tranchés. Contrat comme 4P ou 3SAX, déclarant N, E, S ou O, résultat =, +1 ou -2 ; PASSE pour une donne passée.
bind-correct-link = Corriger
bind-seat-N = Nord
bind-seat-E = Est
bind-seat-S = Sud
bind-seat-W = Ouest
bind-players-hint = Les joueurs sont numérotés comme le mouvement les numérote : donnez à chaque numéro le nom de son joueur (la feuille de mouvement dit où s'assied chaque numéro).
bind-players-save = Enregistrer les noms
bind-col-place = Rang
bind-col-player = Joueur
bind-col-name = Nom
bind-col-percent = Pourcentage
bind-card = Feuille de mouvement
bind-card-legend = Chaque case : numéros des joueurs Nord–Sud / Est–Ouest, et la donne jouée à la table à cette position.
bind-ranking = Classement individuel
bind-ranking-partial = Provisoire : { $missing } ligne(s) sans résultat, { $open } ligne(s) pas encore validée(s) ou en désaccord.
bind-ranking-legend = Points de match : 2 par score battu sur la donne, 1 par égalité ; chaque joueur marque les points de la ligne où il était assis. Pourcentage : points sur le total des tops des donnes jouées.
bind-export-csv = Classement en CSV
bind-table-hint = Nord saisit chaque donne, Est ou Ouest la valide. Quand les donnes de la position sont validées, changez de place comme l'indique la feuille de mouvement.
