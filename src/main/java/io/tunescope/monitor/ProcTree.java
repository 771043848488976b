package io.tunescope.monitor;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Listing helpers over a /proc tree for {@link ThreadSampler}'s scans (not on the per-tick path). */
final class ProcTree {
    private ProcTree() {
    }

    static void collectDescendants(Path procRoot, int pid, List<Integer> into, int depth) {
        if (depth > 8) {
            return;
        }
        String[] tids = new File(procRoot.resolve(Integer.toString(pid)).resolve("task").toString()).list();
        if (tids == null) {
            return;
        }
        for (String t : tids) {
            Path children = procRoot.resolve(Integer.toString(pid)).resolve("task").resolve(t).resolve("children");
            try {
                for (String c : Files.readString(children, StandardCharsets.US_ASCII).trim().split("\\s+")) {
                    int child = parseId(c);
                    if (child > 0 && !into.contains(child)) {
                        into.add(child);
                        collectDescendants(procRoot, child, into, depth + 1);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a thread that exited, or a kernel without CONFIG_PROC_CHILDREN: reported below if nothing found
            }
        }
    }

    static String cmdline(Path procRoot, int pid) {
        try {
            byte[] b = Files.readAllBytes(procRoot.resolve(Integer.toString(pid)).resolve("cmdline"));
            return new String(b, StandardCharsets.UTF_8).replace('\0', ' ').trim();
        } catch (IOException e) {
            return "";
        }
    }

    static int parseId(String s) {
        if (s.isEmpty() || s.length() > 9) {
            return -1;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i))) {
                return -1;
            }
        }
        return Integer.parseInt(s);
    }
}
