-- The users list's "blocked" filter counts as blocked both the users an administrator blocked and those locked for a
-- while by wrong passwords (locked_until in the future). The first are found through users_domain_blocked_live
-- (006); this index finds the second, so that the filter reads the few blocked users, not every user of the domain.
CREATE INDEX users_domain_locked_live ON users (domain_id, locked_until) WHERE deleted_at IS NULL AND locked_until IS NOT NULL;
