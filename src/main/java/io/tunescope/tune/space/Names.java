package io.tunescope.tune.space;

import io.tunescope.BadInputException;

import java.util.regex.Pattern;

final class Names {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");

    private Names() {
    }

    static void check(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw BadInputException.of("parameter name", name,
                    "must start with a letter or '_' and use only letters, digits, '_' and '.'");
        }
    }
}
