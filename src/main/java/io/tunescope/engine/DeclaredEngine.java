package io.tunescope.engine;

import java.util.Optional;

/** An engine that declares its {@link EngineFacts}; what it does beyond them (its threads' roles, knobs) it adds. */
interface DeclaredEngine extends Engine {
    EngineFacts facts();

    @Override
    default String id() {
        return facts().id();
    }

    @Override
    default SqlDialect dialect() {
        return facts().dialect();
    }

    @Override
    default String defaultStatement() {
        return facts().defaultStatement();
    }

    @Override
    default Optional<Lifecycle> tenantLifecycle() {
        return facts().tenantLifecycle();
    }

    @Override
    default Optional<Lifecycle> scaleLifecycle() {
        return facts().scaleLifecycle();
    }

    @Override
    default boolean ownProcess() {
        return facts().ownProcess();
    }

    @Override
    default Optional<String> jdbcSubprotocol() {
        return facts().jdbcSubprotocol();
    }
}
