package io.tunescope.cli;

import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.BadInputException;
import io.tunescope.shop.stack.ShopCatalogs;
import io.tunescope.shop.stack.ShopTiers;
import io.tunescope.store.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code tunescope shop knobs}: the knob catalogs of the shop's proxy and application tiers. */
@Command(name = "knobs", mixinStandardHelpOptions = true,
        description = "Print the knobs of the shop's tiers (proxy, application nodes, database) in the engines' "
                + "catalog form: type, range, unit, default and how a change is applied (a restart of that tier, or a "
                + "reload where it allows one). With --proxy squid, Squid's knobs, most applied by a reconfigure "
                + "(reload). The database tier's are its engine's catalog (--database), less the connections the "
                + "stack sizes itself.")
final class ShopKnobsCommand implements Callable<Integer> {
    @Option(names = "--tier", defaultValue = "all", description = "proxy, app, db or all (default: "
            + "${DEFAULT-VALUE})")
    String tier;

    @Option(names = "--proxy", defaultValue = "nginx", description = "whose proxy knobs: nginx or squid (default: "
            + "${DEFAULT-VALUE})")
    String proxy;

    @picocli.CommandLine.Mixin
    ShopDatabaseOption database;

    @picocli.CommandLine.Mixin
    JsonOption json;

    @Override
    public Integer call() {
        KnobCatalog catalog = ShopCatalogs.of(tier, checkedProxy(), database.name);
        System.out.print(json.on() ? Json.toJson(catalog) + "\n" : KnobsCommand.table(catalog));
        return ExitCode.OK;
    }

    private String checkedProxy() {
        if (!List.of(ShopTiers.NGINX, ShopTiers.SQUID).contains(proxy)) {
            throw BadInputException.of("proxy", proxy, "must be nginx or squid");
        }
        return proxy;
    }
}
