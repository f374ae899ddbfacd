# Les fichiers Papi de la FFE : importer un nouveau tournoi, exporter un tournoi.
events-import-papi = Importer un fichier Papi
papi-import-title = Importer un fichier Papi
papi-import-help = Un fichier Papi (.papi), tel que Papi ou Sharly Chess l'écrivent pour la FFE, devient un nouveau tournoi : ses réglages, ses joueurs (licences, clubs, ligues, Elo) et toutes ses rondes avec leurs résultats. Une ronde appariée sans résultats n'est pas reprise. Si le fichier est refusé, rien n'est importé.
papi-file = Fichier Papi
papi-import-submit = Importer
papi-export = Fichier Papi pour la FFE
papi-homologation = N° d'homologation
papi-export-hint = Le fichier à déposer sur le site de la FFE pour l'homologation et le classement Elo. Papi compte 24 rondes au plus, l'exempt est son joueur Ref 1 (EXEMPT), et la FFE rattache le fichier au tournoi par le numéro d'homologation qu'elle a attribué.
invalid-papi-file = Fichier Papi refusé, rien n'a été importé : { $found }
invalid-papi-event = Ce tournoi ne peut pas être écrit en fichier Papi : { $found }
papi-err-not-access = ce fichier n'est pas une base Access, donc pas un fichier Papi
papi-err-version = cette base Access n'est pas du type de Papi (Access 2000–2003, Jet 4) : un fichier Access 97 ou un .accdb plus récent
papi-err-damaged = le fichier est tronqué ou endommagé ({ $detail })
papi-err-not-papi = une base Access sans les tables de Papi ({ $detail })
papi-err-rounds = le fichier annonce { $found } rondes (réglage NbrRondes) ; Papi en compte de 1 à 24
papi-err-opponent = joueur Ref { $reference } ({ $name }), colonne { $column } : l'adversaire Ref { $opponent } n'est pas dans le fichier
papi-err-player = joueur Ref { $reference } ({ $name }), colonne { $column } : { $detail }
