package io.tunescope.shop.stack;

import io.tunescope.store.RecordedProcess;
import io.tunescope.store.ShopStackState;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What the stack.json in a directory names now. Only a supervisor whose pid still has the recorded start time and
 * command line is the stack's: a stale file's pid may have been given to any process since.
 *
 * @param kind  what was found
 * @param file  the stack.json
 * @param state what it says (null for {@link Kind#NONE})
 */
public record StackStatus(Kind kind, Path file, ShopStackState state) {
    public enum Kind {
        /** no stack.json */
        NONE,
        /** the recorded supervisor runs */
        RUNNING,
        /** the supervisor has gone: a stale stack.json */
        GONE,
        /** the supervisor's pid now names a process we did not start: a stale stack.json */
        NOT_OURS,
        /** a live pid in a stack.json written without start times (an older version): it cannot be verified */
        UNVERIFIABLE
    }

    /** Reads what {@code state} (from {@code file}) names now. */
    static StackStatus of(Path file, ShopStackState state) {
        if (state == null) {
            return new StackStatus(Kind.NONE, file, null);
        }
        Optional<RecordedProcess> supervisor = state.supervisor();
        if (supervisor.isEmpty()) {
            return new StackStatus(RecordedProcess.of(state.supervisorPid()).isPresent() ? Kind.UNVERIFIABLE
                    : Kind.GONE, file, state);
        }
        return new StackStatus(switch (supervisor.get().match()) {
            case OURS -> Kind.RUNNING;
            case GONE -> Kind.GONE;
            case FOREIGN -> Kind.NOT_OURS;
        }, file, state);
    }

    public boolean running() {
        return kind == Kind.RUNNING;
    }

    /** Why nothing of the stack is signalled, in words (empty for NONE and RUNNING, which need no reason). */
    public Optional<String> reason() {
        return switch (kind) {
            case NONE, RUNNING -> Optional.empty();
            case GONE -> Optional.of(file + " is stale: its supervisor (pid " + state.supervisorPid()
                    + ") has exited");
            case NOT_OURS -> Optional.of(file + " is stale: pid " + state.supervisorPid()
                    + " is now another process, not ours, and was not signalled");
            case UNVERIFIABLE -> Optional.of(file + " was written by an older tunescope without process start times:"
                    + " pid " + state.supervisorPid() + " cannot be verified as the stack's and was not signalled "
                    + "(stop it by hand if it is, then remove the file)");
        };
    }
}
