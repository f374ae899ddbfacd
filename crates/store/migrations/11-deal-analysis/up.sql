-- Issue 24 §2: each hand record's double-dummy analysis (bridge::dd), computed once when the
-- deals are uploaded and kept beside the deal, so the pages never solve a deal. NULL: not
-- analysed yet (a deal stored before this migration; the pages analyse it once, then keep it).
-- tricks: JSON {"N": {"C": t, "D": t, "H": t, "S": t, "NT": t}, "E": {…}, "S": {…}, "W": {…}}
-- par:    JSON {"score": NS_SCORE, "contracts": ["4S N", …]} for the board's standard dealer
--         and vulnerability (the ones the session's travellers show).
ALTER TABLE bridge_deal ADD COLUMN tricks TEXT;
ALTER TABLE bridge_deal ADD COLUMN par TEXT;
