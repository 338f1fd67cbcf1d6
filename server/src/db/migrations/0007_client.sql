-- Client administration: versioned updates.
ALTER TABLE blade_client ADD COLUMN version integer NOT NULL DEFAULT 1;
