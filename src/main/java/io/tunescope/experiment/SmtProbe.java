package io.tunescope.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Says whether this machine has SMT siblings, which decide whether a plan's CPU lists can vary the SMT level. */
public final class SmtProbe {
    private SmtProbe() {
    }

    public static String describe() {
        Path siblings = Path.of("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list");
        try {
            String list = Files.readString(siblings).trim();
            boolean smt = list.contains(",") || list.contains("-");
            return smt ? "SMT present: CPU 0 shares its core with " + list
                    + "; choose sibling or non-sibling CPU lists to vary the SMT level"
                    : "no SMT on this machine (one thread per core): the SMT factor cannot be varied here";
        } catch (IOException e) {
            return "unknown (" + siblings + " unreadable)";
        }
    }
}
