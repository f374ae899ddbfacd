# Inscriptions (issue 23 §4) : le formulaire d'inscription en ligne, les inscriptions en attente
# de l'arbitre, les droits d'inscription et les paiements, l'affiche d'inscription.

tab-entries = Inscriptions
register-list-title = Inscriptions
register-list-none = Aucun tournoi ne prend d'inscriptions en ce moment.
register-title = Inscription
register-closes = Clôture des inscriptions le { $date } à { $time }.
register-closed = Les inscriptions à ce tournoi sont closes.
register-intro = Votre inscription attend la confirmation de l'arbitre. Remplissez ce que vous savez : votre identifiant FIDE et votre numéro de licence aident l'arbitre à vous retrouver dans les listes de classement.
register-name = Nom (NOM, Prénom)
register-sex = Sexe
register-website = Laissez ce champ vide
register-question = Question anti-spam : combien font { $question } ?
register-send = S'inscrire
register-sent = Merci : votre inscription est bien reçue. Elle attend la confirmation de l'arbitre.
register-fee-due = Droits d'inscription à régler : { $amount } (tarif { $rule }).
register-fee-none = Pas de droits d'inscription à régler.

entries-settings = Formulaire d'inscription
entries-state-open = Le formulaire d'inscription est ouvert :
entries-state-closed = Le formulaire d'inscription est fermé.
entries-open = Ouvrir les inscriptions en ligne
entries-closes-at = Clôture le (facultatif)
entries-fee-default = Droits d'inscription
entries-fee-youth = Tarif jeunes (de Ppo à Jun ; vide : le tarif normal)
entries-titled-free = Gratuit pour les GMI, MI, GMF et MIF
entries-fees-hint = Montants comme 20 ou 12,50. La catégorie est celle de la FFE pour la saison de la date de début du tournoi.
entries-pending = En attente de confirmation
entries-none = Aucune inscription en attente.
entries-decided = Inscriptions déjà traitées
entries-validate = Accepter (inscrire le joueur)
entries-reject = Refuser
entries-reason = Motif
entries-sent = Reçue le
entries-status = État
entries-status-pending = en attente
entries-status-validated = acceptée
entries-status-rejected = refusée
entries-sex-m = Homme
entries-sex-w = Femme
entries-csv = Inscriptions (CSV)
entries-dup-fide_id = Doublon possible : même identifiant FIDE que { $name }, déjà inscrit.
entries-dup-licence = Doublon possible : même numéro de licence que { $name }, déjà inscrit.
entries-dup-name_birth = Doublon possible : mêmes nom et date de naissance que { $name }, déjà inscrit.
entries-dup-fide_id-pending = Doublon possible : même identifiant FIDE qu'une autre inscription en attente ({ $name }).
entries-dup-licence-pending = Doublon possible : même numéro de licence qu'une autre inscription en attente ({ $name }).
entries-dup-name_birth-pending = Doublon possible : mêmes nom et date de naissance qu'une autre inscription en attente ({ $name }).

fees-title = Droits d'inscription
fees-due = Dû
fees-paid = Payé
fees-outstanding = Reste à payer
fees-fee = Droits
fees-rule = Tarif
fees-rule-default = normal
fees-rule-youth = jeune
fees-rule-titled = titré, gratuit
fees-payment = Règlement
fees-method = Mode de règlement
fees-method-cash = Espèces
fees-method-cheque = Chèque
fees-method-transfer = Virement
fees-method-card = Carte bancaire
fees-method-none = Mode non précisé

poster-title = Affiche d'inscription
poster-call = Inscrivez-vous en ligne

refusal-registration_closed = Les inscriptions à ce tournoi sont closes.
refusal-entry_decided = Cette inscription a déjà été acceptée ou refusée.

invalid-answer = Mauvaise réponse à la question anti-spam (reçu « { $found } ») : répondez à la nouvelle question ci-dessous.
invalid-club = Le nom du club est trop long ou contient des caractères non imprimables (reçu { $found }).
invalid-closes-at = La clôture est une date et une heure, AAAA-MM-JJ HH:MM (reçu « { $found } »).
invalid-fee-default = Les droits d'inscription sont un montant comme 20 ou 12,50 (reçu « { $found } »).
invalid-fee-youth = Le tarif jeunes est un montant comme 10 ou 7,50, ou rien (reçu « { $found } »).
invalid-paid = Le montant payé est un montant comme 20 ou 12,50 (reçu « { $found } »).
invalid-method = Le mode de règlement est espèces, chèque, virement ou carte (reçu « { $found } »).
invalid-reason = Le motif est trop long ou contient des caractères non imprimables (reçu { $found }).

qr-public = Appariements et classement en ligne
invalid-entry-birth-date = La date de naissance s'écrit AAAA-MM-JJ (reçu « { $found } »).

# Issue 34: the budget of entries waiting for the arbiter.
register-full = Le formulaire d'inscription est complet pour le moment : les inscriptions reçues attendent d'être traitées par l'arbitre. Réessayez plus tard ou adressez-vous à l'organisateur.
entries-pending-limit = Inscriptions en attente, au plus
entries-pending-limit-hint = Au-delà de ce nombre d'inscriptions en attente, le formulaire en ligne affiche « complet » jusqu'à ce que vous en acceptiez ou en refusiez.
refusal-registration_full = Le formulaire d'inscription est complet pour le moment : les inscriptions reçues attendent d'être traitées par l'arbitre. Réessayez plus tard ou adressez-vous à l'organisateur.
invalid-pending-limit = Le nombre d'inscriptions en attente est un nombre entier de 1 à 100000 (reçu « { $found } »).
group-register-section-full = complet pour le moment
