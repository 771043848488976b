package io.tunescope.monitor.role;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RoleClassifierTest {
    private static Classification duck(String name) {
        return new DuckDbClassifier().classify(new ThreadIdentity(10, 11, name, "java -cp x Tenant"));
    }

    private static Classification pg(String cmd) {
        return new PostgresClassifier().classify(new ThreadIdentity(20, 20, "postgres", cmd));
    }

    @Test
    void duckDbWorkersClientsAndJvmInternals() {
        assertThat(duck("duck-t1")).isEqualTo(new Classification(ThreadRole.WORKER, "duck-t1"));
        assertThat(duck("user-t1-3")).isEqualTo(new Classification(ThreadRole.CLIENT, "user-t1"));
        assertThat(duck("user-t1-12")).isEqualTo(new Classification(ThreadRole.CLIENT, "user-t1"));
        assertThat(duck("GC Thread#0")).isEqualTo(new Classification(ThreadRole.JVM, "jvm-gc"));
        assertThat(duck("C2 CompilerThre")).isEqualTo(new Classification(ThreadRole.JVM, "jvm-jit"));
        assertThat(duck("VM Thread")).isEqualTo(new Classification(ThreadRole.JVM, "jvm-vm"));
        assertThat(duck("G1 Conc#0").role()).isEqualTo(ThreadRole.JVM);
        assertThat(duck("pool-1-thread-2")).isEqualTo(new Classification(ThreadRole.OTHER, "pool-1-thread"));
        assertThat(duck("java").role()).isEqualTo(ThreadRole.OTHER);
    }

    @Test
    void postgresProcessTitles() {
        assertThat(pg("postgres: parallel worker for PID 4711"))
                .isEqualTo(new Classification(ThreadRole.WORKER, "pg-parallel-worker"));
        assertThat(pg("postgres: alice tpch 127.0.0.1(53412) SELECT"))
                .isEqualTo(new Classification(ThreadRole.WORKER, "pg-backend"));
        assertThat(pg("postgres: alice tpch [local] idle")).isEqualTo(new Classification(ThreadRole.WORKER,
                "pg-backend"));
        assertThat(pg("postgres: checkpointer")).isEqualTo(new Classification(ThreadRole.ENGINE, "pg-checkpointer"));
        assertThat(pg("postgres: background writer"))
                .isEqualTo(new Classification(ThreadRole.ENGINE, "pg-background-writer"));
        assertThat(pg("postgres: autovacuum launcher").role()).isEqualTo(ThreadRole.ENGINE);
        assertThat(pg("/usr/lib/postgresql/15/bin/postgres -D /tmp/pg"))
                .isEqualTo(new Classification(ThreadRole.ENGINE, "pg-postmaster"));
        assertThat(PostgresClassifier.leaderPid("postgres: parallel worker for PID 4711")).isEqualTo(4711);
        assertThat(PostgresClassifier.leaderPid("postgres: checkpointer")).isEqualTo(-1);
    }

    @Test
    void postgresProcessesNameTheConnectionTheyServe() {
        PostgresClassifier c = new PostgresClassifier();
        assertThat(c.connectionPid(new ThreadIdentity(20, 20, "postgres",
                "postgres: tunescope tpch 127.0.0.1(4242) SELECT"))).as("a backend: its own").isEqualTo(20);
        assertThat(c.connectionPid(new ThreadIdentity(21, 21, "postgres",
                "postgres: parallel worker for PID 20"))).as("a worker: its leader").isEqualTo(20);
        assertThat(c.connectionPid(new ThreadIdentity(22, 22, "postgres", "postgres: checkpointer"))).isZero();
        assertThat(c.connectionPid(new ThreadIdentity(23, 23, "postgres", "/usr/lib/postgresql/15/bin/postgres -D x")))
                .as("the postmaster, or a worker not yet titled").isZero();
        assertThat(new NameBasedClassifier().connectionPid(new ThreadIdentity(20, 20, "x", "java")))
                .as("threads of an embedded engine serve no one connection").isZero();
    }

    @Test
    void mariaDbFromPerformanceSchemaWithNameFallback() {
        MariaDbClassifier c = new MariaDbClassifier(Map.of(31, "thread/sql/one_connection",
                32, "thread/innodb/page_cleaner_thread"));
        assertThat(c.classify(new ThreadIdentity(30, 31, "mariadbd", "")))
                .isEqualTo(new Classification(ThreadRole.WORKER, "mariadb-connection"));
        assertThat(c.classify(new ThreadIdentity(30, 32, "mariadbd", "")).role()).isEqualTo(ThreadRole.ENGINE);
        assertThat(c.classify(new ThreadIdentity(30, 33, "mariadbd", "")).role()).isEqualTo(ThreadRole.OTHER);
    }

    @Test
    void genericGroupsKeepNamesWithoutSeparatedNumbers() {
        NameBasedClassifier c = new NameBasedClassifier();
        assertThat(c.classify(new ThreadIdentity(1, 2, "python3", "")).group()).isEqualTo("python3");
        assertThat(c.classify(new ThreadIdentity(1, 2, "worker-17", "")))
                .isEqualTo(new Classification(ThreadRole.WORKER, "worker"));
        assertThat(NameBasedClassifier.groupName("  ")).isEqualTo("unnamed");
    }

    @Test
    void mariaDbConnectionThreadsKnownFromProcesslistAreWorkersServingTheirOwnConnection() {
        MariaDbClassifier c = MariaDbClassifier.withConnections(java.util.List.of(41, 42));
        assertThat(c.classify(new ThreadIdentity(40, 41, "mariadbd", "")))
                .isEqualTo(new Classification(ThreadRole.WORKER, "mariadb-connection"));
        assertThat(c.connectionPid(new ThreadIdentity(40, 42, "mariadbd", ""))).isEqualTo(42);
        assertThat(c.classify(new ThreadIdentity(40, 40, "mariadbd", "")))
                .isEqualTo(new Classification(ThreadRole.ENGINE, "mariadb-internal"));
        assertThat(c.connectionPid(new ThreadIdentity(40, 40, "mariadbd", ""))).isZero();
        // without the connections, a server thread is only its name, and serves no known connection
        MariaDbClassifier unknown = new MariaDbClassifier(Map.of());
        assertThat(unknown.classify(new ThreadIdentity(40, 41, "mariadbd", "")).role()).isEqualTo(ThreadRole.OTHER);
        assertThat(unknown.connectionPid(new ThreadIdentity(40, 41, "mariadbd", ""))).isZero();
    }
}
