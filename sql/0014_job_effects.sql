-- A job's effects are recorded on the job itself, in the transaction that applies them.
--
-- Jobs are delivered at least once: a worker can die after a handler's writes committed and before the
-- outcome was recorded, a lock can expire under a slow run, SQS can redeliver. So each handler applies
-- its writes in one transaction that first claims `effects -> step` on its own `memory_jobs` row and,
-- before committing, stores there what it did (the operation, the memory it touched, the child jobs it
-- queued). A second run of the same job finds the step recorded and returns that result instead of
-- writing again; a run that died mid-way rolled its claim back with its writes, so the next run starts
-- clean. Two runs at once take turns at the row lock: the second sees the first's committed record.
--
-- On the job row rather than in a table of its own: the row already exists for every run, row-level
-- security already confines it to its user, and forgetting a user or deleting a job takes the record
-- with it. The keys are step names (`fact`, `extract`, `graph_update`, `decay`, `cleanup`), so a job
-- may record several independent steps.

ALTER TABLE memory_jobs ADD COLUMN IF NOT EXISTS effects jsonb;
