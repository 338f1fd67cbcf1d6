-- Optimistic locking: updatable admin records carry a version that every update checks and bumps.
ALTER TABLE blade_param ADD COLUMN version integer NOT NULL DEFAULT 1;
