# Épreuves par équipes : le côté de l'équipe absente d'un match perdu par forfait, et les
# rondes jouées d'un fichier TRF-2026 par équipes reprises avec ses équipes.

# Le côté d'un échiquier dont l'équipe ne s'est pas présentée (match perdu par forfait).
teams-absent-player = Forfait

# Une ronde jouée d'un fichier par équipes qui ne tient pas (après « Fichier, ligne L, colonne C : »).
invalid-team-round-game = chaque échiquier est une partie : l'adversaire du joueur est celui du même échiquier dans l'équipe adverse, qui le désigne en retour avec le résultat inverse (reçu « { $found } »).
invalid-team-round-lineup = chaque équipe d'un match aligne un joueur sur chacun de ses échiquiers (352) (reçu { $found } joueurs pour les échiquiers).
invalid-team-round-colour = la couleur de l'échiquier (352) : l'équipe qui a les Blancs au premier échiquier a B, N, B, …, son adversaire les autres couleurs (reçu « { $found } »).
invalid-team-round-result = un échiquier d'un match porte un résultat homologable : 1, =, 0, + ou - (reçu « { $found } »).
invalid-team-round-bye = une équipe sans match est exempte (U) ou absente (Z ou rien) (reçu « { $found } »).
invalid-team-round-opponent = tous les joueurs d'une équipe rencontrent ceux d'une même équipe adverse, qui la rencontre en retour (reçu { $found }).
invalid-team-round-count = au plus le nombre de rondes de l'épreuve (142) (reçu { $found }).
