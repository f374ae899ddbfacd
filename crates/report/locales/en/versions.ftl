# A form sent from a page built before someone else's change (issue 34 §1).
conflict-since = Since your page was loaded: { $changes }. Nothing of your form was saved, so nothing of theirs was overwritten. Reload the page to see what it shows now, then make your change again.
conflict-since-change = { $who } ({ $when }): { $what }
conflict-since-unnamed = This was changed since your page was loaded. Nothing of your form was saved, so nothing was overwritten. Reload the page to see what it shows now, then make your change again.
conflict-reload = Reload the page
error-title-version-required = Page out of date
error-version-required = This form did not say which version of the page it was filled in on, so it could overwrite a colleague's change: nothing was saved. Reload the page and send the form again.
bteams-conflict-changed = Round { $round }, match { $match }, { $room }, board { $board }: { $stored } was entered meanwhile; yours ({ $yours }) was not saved. Enter it again on the page as it is now to replace it.
conflict-payment = { $name }: { $stored } was recorded meanwhile (your page showed { $shown }); yours ({ $yours }) was not saved. Enter it again on the page as it is now to replace it.
conflict-added = { $name } was entered meanwhile ({ $stored }): not entered twice.
