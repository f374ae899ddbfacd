# Entries (issue 23 §4): the public registration form, the arbiter's waiting entries, the
# entry fees and payments, the registration poster.

tab-entries = Entries
register-list-title = Registration
register-list-none = No tournament takes registrations at the moment.
register-title = Registration
register-closes = Registration closes on { $date } at { $time }.
register-closed = Registration for this tournament is closed.
register-intro = Your registration waits for the arbiter's confirmation. Fill in what you know: your FIDE id and licence number help the arbiter find you in the rating lists.
register-name = Name (SURNAME, First name)
register-sex = Sex
register-website = Leave this field empty
register-question = Anti-spam question: how much is { $question }?
register-send = Register
register-sent = Thank you: your registration was received. It waits for the arbiter's confirmation.
register-fee-due = Entry fee to pay: { $amount } ({ $rule } rate).
register-fee-none = No entry fee to pay.

entries-settings = Registration form
entries-state-open = The registration form is open:
entries-state-closed = The registration form is closed.
entries-open = Open the public registration form
entries-closes-at = Closes on (optional)
entries-fee-default = Entry fee
entries-fee-youth = Fee for young players (U20: Ppo to Jun; empty: the entry fee)
entries-titled-free = GM, IM, WGM and WIM enter free
entries-fees-hint = Amounts such as 20 or 12.50. The category is the FFE's for the season of the event's start date.
entries-pending = Waiting for confirmation
entries-none = No registration waiting.
entries-decided = Registrations already handled
entries-validate = Accept (add the player)
entries-reject = Reject
entries-reason = Reason
entries-sent = Sent
entries-status = Status
entries-status-pending = waiting
entries-status-validated = accepted
entries-status-rejected = rejected
entries-sex-m = Man
entries-sex-w = Woman
entries-csv = Entries (CSV)
entries-dup-fide_id = Possible duplicate: same FIDE id as { $name }, already registered.
entries-dup-licence = Possible duplicate: same licence number as { $name }, already registered.
entries-dup-name_birth = Possible duplicate: same name and birth date as { $name }, already registered.
entries-dup-fide_id-pending = Possible duplicate: same FIDE id as another waiting registration ({ $name }).
entries-dup-licence-pending = Possible duplicate: same licence number as another waiting registration ({ $name }).
entries-dup-name_birth-pending = Possible duplicate: same name and birth date as another waiting registration ({ $name }).

fees-title = Entry fees
fees-due = Due
fees-paid = Paid
fees-outstanding = Outstanding
fees-fee = Fee
fees-rule = Rate
fees-rule-default = full
fees-rule-youth = youth
fees-rule-titled = titled, free
fees-payment = Payment
fees-method = Method
fees-method-cash = Cash
fees-method-cheque = Cheque
fees-method-transfer = Bank transfer
fees-method-card = Card
fees-method-none = Method not given

poster-title = Registration poster
poster-call = Register online

refusal-registration_closed = Registration for this tournament is closed.
refusal-entry_decided = This registration was already accepted or rejected.

invalid-answer = Wrong answer to the anti-spam question (found "{ $found }"): answer the new question below.
invalid-club = The club's name is too long or holds characters that cannot be printed (found { $found }).
invalid-closes-at = The closing time is a date and a time, YYYY-MM-DD HH:MM (found "{ $found }").
invalid-fee-default = The entry fee is an amount such as 20 or 12.50 (found "{ $found }").
invalid-fee-youth = The young players' fee is an amount such as 10 or 7.50, or nothing (found "{ $found }").
invalid-paid = The amount paid is an amount such as 20 or 12.50 (found "{ $found }").
invalid-method = The method is cash, cheque, transfer or card (found "{ $found }").
invalid-reason = The reason is too long or holds characters that cannot be printed (found { $found }).

qr-public = Pairings and standings online
invalid-entry-birth-date = A birth date is written YYYY-MM-DD (found "{ $found }").

# Issue 34: the budget of entries waiting for the arbiter.
register-full = The registration form is full for now: the entries received are waiting for the arbiter. Try again later or ask the organiser.
entries-pending-limit = Entries waiting, at most
entries-pending-limit-hint = Past this number of waiting entries, the online form says it is full until you accept or reject some.
refusal-registration_full = The registration form is full for now: the entries received are waiting for the arbiter. Try again later or ask the organiser.
invalid-pending-limit = The number of waiting entries is a whole number from 1 to 100000 (found "{ $found }").
group-register-section-full = full for now
