-- The arbiter's hand edits of a pairing. `edited`: the board's seats were changed by hand (a
-- swap), so the pairing list can say so and the checker looks at it. `accepted`: the checker's
-- objections to the board that the arbiter accepted (logged), one key a line (`rematch:12:15`);
-- an objection not in it stays on the round page until the pairing no longer raises it.
ALTER TABLE game ADD COLUMN edited INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game ADD COLUMN accepted TEXT NOT NULL DEFAULT '';
