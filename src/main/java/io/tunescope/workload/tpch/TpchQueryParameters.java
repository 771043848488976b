package io.tunescope.workload.tpch;

import io.trino.tpch.Distributions;
import io.trino.tpch.Nation;
import io.trino.tpch.TpchTable;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * Substitution parameters of the 22 queries, as qgen draws them (TPC-H specification 2.4.x.3), or the validation
 * values that the reference answers were computed with. Each parameter is named by the literal it replaces in the
 * reference query text shipped in the tpch jar, so the validation parameters are the identity substitution.
 */
public final class TpchQueryParameters {
    private static final Distributions DISTRIBUTIONS = Distributions.getDefaultDistributions();
    private static final List<String> NATIONS = DISTRIBUTIONS.getNations().getValues();
    private static final List<String> REGIONS = DISTRIBUTIONS.getRegions().getValues();
    private static final List<String> SEGMENTS = DISTRIBUTIONS.getMarketSegments().getValues();
    private static final List<String> COLORS = DISTRIBUTIONS.getPartColors().getValues();
    private static final List<String> TYPES = DISTRIBUTIONS.getPartTypes().getValues();
    private static final List<String> CONTAINERS = DISTRIBUTIONS.getPartContainers().getValues();
    private static final List<String> SHIP_MODES = DISTRIBUTIONS.getShipModes().getValues();
    private static final List<String> TYPE_LAST_SYLLABLES = distinctWords(TYPES, 2, 3);
    private static final List<String> TYPE_FIRST_TWO_SYLLABLES = distinctWords(TYPES, 0, 2);
    private static final List<String> NATION_REGIONS = nationRegions();

    private TpchQueryParameters() {
    }

    /** The parameters the reference answers in the tpch jar were computed with (identity substitution). */
    public static List<Substitution> validation(int query) {
        return random(query, null, 0.01).stream().map(s -> new Substitution(s.literal(), s.literal())).toList();
    }

    /**
     * Parameters drawn from {@code rng} as qgen does; with a null {@code rng} returns the literals themselves (used by
     * {@link #validation}). {@code scaleFactor} sets Q11's FRACTION (0.0001 / SF).
     */
    public static List<Substitution> random(int query, RandomGenerator rng, double scaleFactor) {
        Draw d = new Draw(rng);
        return switch (query) {
            case 1 -> List.of(d.sub("'90' DAY", () -> "'" + d.between(60, 120) + "' DAY"));
            case 2 -> List.of(d.sub("p_size = 15", () -> "p_size = " + d.between(1, 50)),
                    d.sub("'%BRASS'", () -> quote("%" + d.pick(TYPE_LAST_SYLLABLES))),
                    d.sub("'EUROPE'", () -> quote(d.pick(REGIONS))));
            case 3 -> List.of(d.sub("'BUILDING'", () -> quote(d.pick(SEGMENTS))),
                    d.sub("DATE '1995-03-15'", () -> date(LocalDate.of(1995, 3, 1).plusDays(d.between(0, 30)))));
            case 4 -> List.of(d.sub("DATE '1993-07-01'", () -> date(firstOfMonth(d, 1993, 1, 58))));
            case 5 -> List.of(d.sub("'ASIA'", () -> quote(d.pick(REGIONS))),
                    d.sub("DATE '1994-01-01'", () -> date(LocalDate.of(d.between(1993, 1997), 1, 1))));
            case 6 -> List.of(d.sub("DATE '1994-01-01'", () -> date(LocalDate.of(d.between(1993, 1997), 1, 1))),
                    d.sub("decimal '0.06'", () -> String.format(Locale.ROOT, "decimal '0.%02d'", d.between(2, 9))),
                    d.sub("l_quantity < 24", () -> "l_quantity < " + d.between(24, 25)));
            case 7 -> twoNations(d);
            case 8 -> nationInRegion(d);
            case 9 -> List.of(d.sub("'%green%'", () -> quote("%" + d.pick(COLORS) + "%")));
            case 10 -> List.of(d.sub("DATE '1993-10-01'", () -> date(firstOfMonth(d, 1993, 2, 24))));
            case 11 -> List.of(d.sub("'GERMANY'", () -> quote(d.pick(NATIONS))),
                    d.sub("0.0001", () -> String.format(Locale.ROOT, "%.10f", 0.0001 / scaleFactor)));
            case 12 -> List.of(d.sub("'MAIL', 'SHIP'", () -> d.distinct(SHIP_MODES, 2).stream()
                            .map(TpchQueryParameters::quote).collect(Collectors.joining(", "))),
                    d.sub("DATE '1994-01-01'", () -> date(LocalDate.of(d.between(1993, 1997), 1, 1))));
            case 13 -> List.of(d.sub("'%special%requests%'", () -> quote("%"
                    + d.pick(List.of("special", "pending", "unusual", "express")) + "%"
                    + d.pick(List.of("packages", "requests", "accounts", "deposits")) + "%")));
            case 14 -> List.of(d.sub("DATE '1995-09-01'", () -> date(firstOfMonth(d, 1993, 1, 60))));
            case 15 -> List.of(d.sub("DATE '1996-01-01'", () -> date(firstOfMonth(d, 1993, 1, 58))));
            case 16 -> List.of(d.sub("'Brand#45'", () -> quote(brand(d))),
                    d.sub("'MEDIUM POLISHED%'", () -> quote(d.pick(TYPE_FIRST_TWO_SYLLABLES) + "%")),
                    d.sub("(49, 14, 23, 45, 19, 3, 36, 9)", () -> "(" + d.distinctInts(1, 50, 8) + ")"));
            case 17 -> List.of(d.sub("'Brand#23'", () -> quote(brand(d))),
                    d.sub("'MED BOX'", () -> quote(d.pick(CONTAINERS))));
            case 18 -> List.of(d.sub("> 300", () -> "> " + d.between(312, 315)));
            case 19 -> List.of(d.sub("'Brand#12'", () -> quote(brand(d))),
                    d.sub("'Brand#23'", () -> quote(brand(d))),
                    d.sub("'Brand#34'", () -> quote(brand(d))),
                    quantityRange(d, 1, 1, 10), quantityRange(d, 10, 10, 20), quantityRange(d, 20, 20, 30));
            case 20 -> List.of(d.sub("'forest%'", () -> quote(d.pick(COLORS) + "%")),
                    d.sub("date('1994-01-01')", () -> "date('" + LocalDate.of(d.between(1993, 1997), 1, 1) + "')"),
                    d.sub("'CANADA'", () -> quote(d.pick(NATIONS))));
            case 21 -> List.of(d.sub("'SAUDI ARABIA'", () -> quote(d.pick(NATIONS))));
            case 22 -> List.of(d.sub("('13', '31', '23', '29', '30', '18', '17')", () -> "("
                    + d.distinctIntList(10, 34, 7).stream().map(i -> quote(String.valueOf(i)))
                    .collect(Collectors.joining(", ")) + ")"));
            default -> throw new IllegalArgumentException("TPC-H query number (" + query + ") must be 1 to 22");
        };
    }

    private static List<Substitution> twoNations(Draw d) {
        List<String> nations = d.rng == null ? List.of("FRANCE", "GERMANY") : d.distinct(NATIONS, 2);
        return List.of(d.sub("'FRANCE'", () -> quote(nations.get(0))), d.sub("'GERMANY'", () -> quote(nations.get(1))));
    }

    private static List<Substitution> nationInRegion(Draw d) {
        int nation = d.rng == null ? 0 : d.between(0, NATIONS.size() - 1);
        return List.of(d.sub("'BRAZIL'", () -> quote(NATIONS.get(nation))),
                d.sub("'AMERICA'", () -> quote(NATION_REGIONS.get(nation))),
                d.sub("'ECONOMY ANODIZED STEEL'", () -> quote(d.pick(TYPES))));
    }

    private static Substitution quantityRange(Draw d, int validation, int min, int max) {
        String literal = "l_quantity >= " + validation + " AND l_quantity <= " + validation + " + 10";
        return d.sub(literal, () -> {
            int q = d.between(min, max);
            return "l_quantity >= " + q + " AND l_quantity <= " + q + " + 10";
        });
    }

    private static String brand(Draw d) {
        return "Brand#" + d.between(1, 5) + d.between(1, 5);
    }

    private static LocalDate firstOfMonth(Draw d, int year, int month, int monthCount) {
        return LocalDate.of(year, month, 1).plusMonths(d.between(0, monthCount - 1));
    }

    private static String date(LocalDate date) {
        return "DATE '" + date + "'";
    }

    private static String quote(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    private static List<String> distinctWords(List<String> phrases, int from, int to) {
        Set<String> words = new LinkedHashSet<>();
        for (String phrase : phrases) {
            String[] parts = phrase.split(" ");
            words.add(String.join(" ", List.of(parts).subList(from, to)));
        }
        return List.copyOf(words);
    }

    private static List<String> nationRegions() {
        List<String> regions = new ArrayList<>();
        for (Nation nation : TpchTable.NATION.createGenerator(1, 1, 1)) {
            regions.add(REGIONS.get((int) nation.getRegionKey()));
        }
        return List.copyOf(regions);
    }

    /** Draws values from the generator, or keeps the literal when there is none (validation parameters). */
    private static final class Draw {
        final RandomGenerator rng;

        Draw(RandomGenerator rng) {
            this.rng = rng;
        }

        Substitution sub(String literal, java.util.function.Supplier<String> value) {
            return new Substitution(literal, rng == null ? literal : value.get());
        }

        int between(int min, int max) {
            return rng.nextInt(min, max + 1);
        }

        String pick(List<String> values) {
            return values.get(rng.nextInt(values.size()));
        }

        List<String> distinct(List<String> values, int count) {
            Set<String> chosen = new LinkedHashSet<>();
            while (chosen.size() < count) {
                chosen.add(pick(values));
            }
            return List.copyOf(chosen);
        }

        List<Integer> distinctIntList(int min, int max, int count) {
            Set<Integer> chosen = new LinkedHashSet<>();
            while (chosen.size() < count) {
                chosen.add(between(min, max));
            }
            return List.copyOf(chosen);
        }

        String distinctInts(int min, int max, int count) {
            return distinctIntList(min, max, count).stream().map(String::valueOf).collect(Collectors.joining(", "));
        }
    }
}
