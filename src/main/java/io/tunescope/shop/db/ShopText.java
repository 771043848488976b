package io.tunescope.shop.db;

import java.util.List;
import java.util.SplittableRandom;

/** The fixed vocabularies of the bookstore (TPC-W's 24 subjects, backings, ship types) and random text from a seed. */
public final class ShopText {
    /** The subjects of TPC-W's item table. */
    public static final List<String> SUBJECTS = List.of("ARTS", "BIOGRAPHIES", "BUSINESS", "CHILDREN", "COMPUTERS",
            "COOKING", "HEALTH", "HISTORY", "HOME", "HUMOR", "LITERATURE", "MYSTERY", "NON-FICTION", "PARENTING",
            "POLITICS", "REFERENCE", "RELIGION", "ROMANCE", "SELF-HELP", "SCIENCE-NATURE", "SCIENCE-FICTION",
            "SPORTS", "YOUTH", "TRAVEL");
    static final List<String> BACKINGS = List.of("HARDBACK", "PAPERBACK", "USED", "AUDIO", "LIMITED-EDITION");
    static final List<String> SHIP_TYPES = List.of("AIR", "UPS", "FEDEX", "SHIP", "COURIER", "MAIL");
    static final List<String> CARD_TYPES = List.of("VISA", "MASTERCARD", "DISCOVER", "AMEX", "DINERS");
    private static final String[] SYLLABLES = {"BA", "OG", "AL", "RI", "RE", "SE", "AT", "UL", "IN", "NG"};

    private ShopText() {
    }

    /** The user name of customer {@code id}: its digits spelled as syllables, as TPC-W's DigSyl. */
    public static String userName(long id) {
        StringBuilder b = new StringBuilder();
        for (char digit : Long.toString(id).toCharArray()) {
            b.append(SYLLABLES[digit - '0']);
        }
        return b.toString();
    }

    /** A customer's (synthetic) password: its user name in lower case, as TPC-W populates it. */
    public static String password(String userName) {
        return userName.toLowerCase(java.util.Locale.ROOT);
    }

    /** A word of {@code min} to {@code max} letters. */
    static String word(SplittableRandom random, int min, int max) {
        int length = random.nextInt(min, max + 1);
        char[] letters = new char[length];
        for (int k = 0; k < length; k++) {
            letters[k] = (char) ('a' + random.nextInt(26));
        }
        letters[0] = Character.toUpperCase(letters[0]);
        return new String(letters);
    }

    /** Words separated by spaces, at most {@code maxLength} characters in all. */
    static String words(SplittableRandom random, int count, int maxLength) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < count; k++) {
            b.append(k == 0 ? "" : " ").append(word(random, 3, 9));
        }
        return b.length() > maxLength ? b.substring(0, maxLength) : b.toString();
    }

    static String digits(SplittableRandom random, int length) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < length; k++) {
            b.append((char) ('0' + random.nextInt(10)));
        }
        return b.toString();
    }

    public static <T> T pick(SplittableRandom random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }
}
