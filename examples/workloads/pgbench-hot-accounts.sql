-- A pgbench script: a few hot accounts (Zipfian), read then updated, with an occasional audit read.
-- Runs on pgbench's standard tables:
--   ./tunescope run --engine postgres --workload pgbench:examples/workloads/pgbench-hot-accounts.sql@3,select-only \
--       --load --sf 1 --users 4 --duration 30s
\set naccounts 100000 * :scale
\set aid random_zipfian(1, :naccounts, 1.2)
\set delta random_gaussian(-500, 500, 3.0)
BEGIN;
SELECT abalance, bid AS branch FROM pgbench_accounts WHERE aid = :aid \gset
\if :abalance + :delta < -100000
  -- too far overdrawn: no change, only a note in the history
  INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (0, :branch, :aid, 0, CURRENT_TIMESTAMP);
\else
  UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
  UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :branch;
\endif
END;
\if random(1, 100) = 1
  SELECT count(*) AS recent FROM pgbench_history WHERE aid = :aid \gset
\endif
\sleep 1 ms
