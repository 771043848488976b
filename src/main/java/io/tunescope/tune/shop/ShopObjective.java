package io.tunescope.tune.shop;

import io.tunescope.BadInputException;
import io.tunescope.shop.Interaction;
import io.tunescope.tune.session.Direction;

import java.util.Locale;

/**
 * What a shop trial is scored by: the web interactions per second of the measurement interval ({@code wips},
 * maximised; WIPSb/WIPS/WIPSo by the mix), or the 90th percentile response time of one interaction in milliseconds
 * ({@code p90:<interaction>}, e.g. {@code p90:buy-confirm}, minimised); {@code interaction} is null for WIPS.
 */
public record ShopObjective(Interaction interaction) {
    public static final ShopObjective WIPS = new ShopObjective(null);

    public static ShopObjective parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("wips")) {
            return WIPS;
        }
        if (t.startsWith("p90:")) {
            String name = t.substring(4).trim();
            for (Interaction i : Interaction.values()) {
                if (i.path().equals(name) || i.title().equalsIgnoreCase(name)) {
                    return new ShopObjective(i);
                }
            }
        }
        throw BadInputException.of("objective", text, "must be wips or p90:<interaction> such as p90:buy-confirm "
                + "(an interaction's page name)");
    }

    public Direction direction() {
        return interaction == null ? Direction.MAXIMIZE : Direction.MINIMIZE;
    }

    public String label() {
        return interaction == null ? "WIPS (web interactions/s)" : "p90 of " + interaction.title() + " (ms)";
    }
}
