package io.tunescope;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class NoticesTest {
    @Test
    void linesGoToTheChosenPlaceUntilItIsClosedAndToStderrOtherwise() {
        List<String> seen = new ArrayList<>();
        Notices.Redirect redirect = Notices.to(seen::add);
        try {
            Notices.say("tunescope: a note");
            Notices.sayWithTrace(new IllegalStateException("gone"));
        } finally {
            redirect.close();
        }
        assertThat(seen.get(0)).isEqualTo("tunescope: a note");
        assertThat(seen.get(1)).isEqualTo("java.lang.IllegalStateException: gone");
        assertThat(seen).anyMatch(l -> l.contains("at io.tunescope.NoticesTest"));

        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Notices.say("tunescope: back on stderr");
        } finally {
            System.setErr(err);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8)).isEqualTo("tunescope: back on stderr"
                + System.lineSeparator());
    }
}
