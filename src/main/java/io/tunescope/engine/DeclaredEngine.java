package io.tunescope.engine;

import io.tunescope.monitor.role.RoleClassifier;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * An engine built from its {@link EngineFacts} and the classifier that tells its threads' roles apart; what it does
 * beyond them (knobs, an in-memory URL, a service tier) its class adds. Two engines of one class are the same engine.
 */
abstract class DeclaredEngine implements Engine {
    private final EngineFacts facts;
    private final Supplier<RoleClassifier> roles;

    DeclaredEngine(EngineFacts facts, Supplier<RoleClassifier> roles) {
        this.facts = facts;
        this.roles = roles;
    }

    @Override
    public RoleClassifier threadRoles() {
        return roles.get();
    }

    @Override
    public final String id() {
        return facts.id();
    }

    @Override
    public final SqlDialect dialect() {
        return facts.dialect();
    }

    @Override
    public final String defaultStatement() {
        return facts.defaultStatement();
    }

    @Override
    public final Optional<Lifecycle> tenantLifecycle() {
        return facts.tenantLifecycle();
    }

    @Override
    public final Optional<Lifecycle> scaleLifecycle() {
        return facts.scaleLifecycle();
    }

    @Override
    public final boolean ownProcess() {
        return facts.ownProcess();
    }

    @Override
    public final Optional<String> jdbcSubprotocol() {
        return facts.jdbcSubprotocol();
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass();
    }

    @Override
    public int hashCode() {
        return getClass().hashCode();
    }

    @Override
    public String toString() {
        return facts.id();
    }
}
