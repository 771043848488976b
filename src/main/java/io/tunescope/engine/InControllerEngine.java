package io.tunescope.engine;

import io.tunescope.monitor.role.NameBasedClassifier;
import io.tunescope.monitor.role.RoleClassifier;

/**
 * An engine the scale lab runs in memory inside the controller JVM ({@link EngineFacts#inController}): it has no
 * process of its own to monitor there, so its threads are told apart by name only.
 */
abstract class InControllerEngine implements DeclaredEngine {
    private final EngineFacts facts;
    private final String inMemoryUrl;

    InControllerEngine(EngineFacts facts, String inMemoryUrl) {
        this.facts = facts;
        this.inMemoryUrl = inMemoryUrl;
    }

    @Override
    public final EngineFacts facts() {
        return facts;
    }

    @Override
    public RoleClassifier threadRoles() {
        return new NameBasedClassifier();
    }

    @Override
    public final String inMemoryUrl() {
        return inMemoryUrl;
    }

    @Override
    public String toString() {
        return facts.id();
    }
}
