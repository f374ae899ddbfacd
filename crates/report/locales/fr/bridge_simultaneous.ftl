## Simultanés : les résultats des autres clubs sur les mêmes donnes, classés sur tout le champ

bridge-tab-simultaneous = Simultané
bridge-sim-title = Simultané par paires
bridge-sim-intro = Plusieurs clubs jouent les mêmes donnes le même soir : importez les résultats de chaque autre club (son fichier USEBIO ou PBN) ; chaque donne est alors calculée sur l'ensemble des clubs, avec le classement de chaque paire dans son club en regard.
bridge-sim-clubs = Clubs du simultané
bridge-sim-own-club = { $club } (ce tournoi)
bridge-sim-own-club-unnamed = Ce tournoi
bridge-sim-col-club = Club
bridge-sim-col-file = Fichier
bridge-sim-col-boards = Donnes
bridge-sim-col-lines = Résultats
bridge-sim-remove = Retirer
bridge-sim-add = Ajouter les résultats d'un club
bridge-sim-club-name = Nom du club
bridge-sim-file = Fichier USEBIO ou PBN
bridge-sim-upload = Importer
bridge-sim-upload-hint = Les donnes du fichier sont comparées aux diagrammes de ce tournoi : un fichier d'autres donnes est refusé, avec la donne et les mains en cause. Sans diagrammes des deux côtés, les donnes ne sont rapprochées que par leur numéro.
bridge-sim-added = Résultats de { $club } ajoutés.
bridge-sim-unchecked = Donnes rapprochées par leur seul numéro (pas de diagramme à comparer) : { $boards }.
bridge-sim-none = Aucun autre club pour l'instant : le classement ci-dessous est celui de ce seul tournoi.
bridge-sim-ranking = Classement général du simultané
bridge-sim-col-rank = Rang général
bridge-sim-col-local = Rang club
bridge-sim-col-local-percent = % club
bridge-sim-pairs = { $pairs ->
    [one] { $pairs } paire
   *[other] { $pairs } paires
} de { $clubs ->
    [one] { $clubs } club
   *[other] { $clubs } clubs
}
bridge-sim-export-csv = Classement (CSV)
bridge-action-sim-club-add = Simultané : résultats d'un club ajoutés
bridge-action-sim-club-remove = Simultané : résultats d'un club retirés
csv-sim-field = Ligne
csv-sim-rank = Rang général
csv-sim-pair = Paire
csv-sim-names = Joueurs
csv-sim-club = Club
csv-sim-total = Points
csv-sim-top = Top
csv-sim-percent = %
csv-sim-boards = Donnes
csv-sim-local-rank = Rang club
csv-sim-local-percent = % club
