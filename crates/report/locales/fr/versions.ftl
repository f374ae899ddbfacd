# Un formulaire envoyé depuis une page chargée avant la modification de quelqu'un d'autre (ticket 34 §1).
conflict-since = Depuis le chargement de votre page : { $changes }. Rien de votre formulaire n'a été enregistré : rien de ce qui a été fait entre-temps n'a été écrasé. Rechargez la page pour voir ce qu'elle affiche maintenant, puis refaites votre modification.
conflict-since-change = { $who } ({ $when }) : { $what }
conflict-since-unnamed = Ceci a été modifié depuis le chargement de votre page. Rien de votre formulaire n'a été enregistré : rien n'a été écrasé. Rechargez la page pour voir ce qu'elle affiche maintenant, puis refaites votre modification.
conflict-reload = Recharger la page
error-title-version-required = Page périmée
error-version-required = Ce formulaire n'indiquait pas sur quelle version de la page il a été rempli : il aurait pu écraser la modification d'un collègue, rien n'a été enregistré. Rechargez la page et renvoyez le formulaire.
bteams-conflict-changed = Tour { $round }, match { $match }, { $room }, donne { $board } : { $stored } a été saisi entre-temps ; votre saisie ({ $yours }) n'a pas été enregistrée. Saisissez-la de nouveau sur la page telle qu'elle est maintenant pour la remplacer.
conflict-payment = { $name } : { $stored } a été enregistré entre-temps (votre page affichait { $shown }) ; votre saisie ({ $yours }) n'a pas été enregistrée. Saisissez-la de nouveau sur la page telle qu'elle est maintenant pour la remplacer.
conflict-added = { $name } a été inscrit entre-temps ({ $stored }) : pas inscrit deux fois.
