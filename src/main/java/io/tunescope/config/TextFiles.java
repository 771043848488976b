package io.tunescope.config;

import io.tunescope.BadInputException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a configuration file as text: UTF-8, or bad input that names the file (not the decoder's own words). */
public final class TextFiles {
    private TextFiles() {
    }

    /** {@code file}'s text; bad input {@code FILE: not UTF-8 text} for a binary or otherwise encoded file. */
    public static String readUtf8(Path file) throws IOException {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(Files.readAllBytes(file)))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new BadInputException(file + ": not UTF-8 text");
        }
    }
}
