package io.tunescope.cli;

import io.tunescope.shop.stack.ShopDatabases;
import picocli.CommandLine.Option;

import java.util.Iterator;

/**
 * {@code --database} of the shop's commands: the database tier, one of the engines the registry says can be one
 * ({@link ShopDatabases#NAMES}), which its help lists and {@link ShopDatabases#engine} checks.
 */
public final class ShopDatabaseOption {
    @Option(names = "--database", paramLabel = "<database>", defaultValue = "postgres",
            completionCandidates = Names.class,
            description = "the database tier, one of ${COMPLETION-CANDIDATES}, as docs/shop.md says how each runs "
                    + "(default: ${DEFAULT-VALUE})")
    String name;

    /** The names {@code --database} takes, for its help. */
    public static final class Names implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return ShopDatabases.NAMES.iterator();
        }
    }
}
