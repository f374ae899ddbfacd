-- Issue 20: the address printed on a bridge session's code slips (empty: the director's browser's),
-- and the WBF option that makes Average+ the pair's session percentage when that is higher.
ALTER TABLE bridge_session ADD COLUMN session_average INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bridge_session ADD COLUMN public_url TEXT NOT NULL DEFAULT '';
