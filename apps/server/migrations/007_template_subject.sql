-- A template may carry the subject of the messages written from it (the new-shipping form fills both).
ALTER TABLE templates ADD COLUMN subject text;
