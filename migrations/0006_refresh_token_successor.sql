-- Refresh-token rotation: each used token remembers the token that replaced it, so a
-- second tab presenting the immediately-previous token within a short grace window can
-- be told apart from a stolen token being replayed (which revokes the whole family).
ALTER TABLE refresh_tokens ADD COLUMN replaced_by TEXT;
