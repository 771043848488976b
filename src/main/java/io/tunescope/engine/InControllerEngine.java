package io.tunescope.engine;

import io.tunescope.monitor.role.NameBasedClassifier;

/**
 * An engine the scale lab runs in memory inside the controller JVM ({@link EngineFacts#inController}): it has no
 * process of its own to monitor there, so its threads are told apart by name only.
 */
abstract class InControllerEngine extends DeclaredEngine {
    private final String inMemoryUrl;

    InControllerEngine(EngineFacts facts, String inMemoryUrl) {
        super(facts, NameBasedClassifier::new);
        this.inMemoryUrl = inMemoryUrl;
    }

    @Override
    public final String inMemoryUrl() {
        return inMemoryUrl;
    }
}
