-- Issue 24 §2: each hand record's double-dummy analysis (bridge::dd), computed once after the
-- deals are uploaded and kept beside the deal, so the pages only read it. NULL: not solved yet
-- (just uploaded, or stored before this migration): Store::analyse_stored_deals fills it.
-- tricks: JSON {"N": {"C": t, "D": t, "H": t, "S": t, "NT": t}, "E": {…}, "S": {…}, "W": {…}}
-- par:    JSON {"score": NS_SCORE, "contracts": ["4S N", …]} for the board's standard dealer
--         and vulnerability (the ones the session's travellers show).
ALTER TABLE bridge_deal ADD COLUMN tricks TEXT;
ALTER TABLE bridge_deal ADD COLUMN par TEXT;
