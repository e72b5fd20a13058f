-- A lease on every job a copy of the server is working: the copy renews it while the job runs and drops it when
-- the job ends. A lease that runs out names a job whose copy died (killed, out of memory, its host gone): any
-- working copy takes it over and queues the job again, within seconds instead of after a minute sweep.
CREATE TABLE job_leases (
  job_id uuid PRIMARY KEY,
  queue text NOT NULL,
  -- The job's data, to queue it again as it was.
  payload jsonb NOT NULL,
  -- The copy working it (host/pid/instance), for the operator's log.
  holder text NOT NULL,
  lease_until timestamptz NOT NULL
);
CREATE INDEX job_leases_until ON job_leases (lease_until);
CREATE INDEX job_leases_holder ON job_leases (holder);
