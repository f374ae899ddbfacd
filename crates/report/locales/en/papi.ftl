# The FFE's Papi files: import a new event from one, export an event as one.
events-import-papi = Import a Papi file
papi-import-title = Import a Papi file
papi-import-help = A Papi file (.papi), as Papi or Sharly Chess write it for the FFE, becomes a new event: its settings, its players (licences, clubs, leagues, ratings) and every round with its results. A round paired but without results is left out. When the file is refused, nothing is imported.
papi-file = Papi file
papi-import-submit = Import
papi-export = Papi file for the FFE
papi-homologation = Homologation number
papi-export-hint = The file to upload to the FFE's site for homologation and rating. Papi holds at most 24 rounds, the bye is its player Ref 1 (EXEMPT), and the FFE matches the file to the event by the homologation number it gave.
invalid-papi-file = The Papi file is refused, nothing was imported: { $found }
invalid-papi-event = This event cannot be written as a Papi file: { $found }
papi-err-not-access = this file is not an Access database, so not a Papi file
papi-err-version = this Access database is not of Papi's kind (Access 2000–2003, Jet 4): an Access 97 file or a newer .accdb
papi-err-damaged = the file is truncated or damaged ({ $detail })
papi-err-not-papi = an Access database without Papi's tables ({ $detail })
papi-err-rounds = the file says { $found } rounds (setting NbrRondes); Papi holds 1 to 24
papi-err-opponent = player Ref { $reference } ({ $name }), column { $column }: opponent Ref { $opponent } is not in the file
papi-err-player = player Ref { $reference } ({ $name }), column { $column }: { $detail }
