// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The UTF-8 check agrees with the JDK's strict decoder on any bytes, at any position in a segment. */
class Utf8ValidatorPropertyTest {

    /** Byte strings mixing ASCII runs, well-formed sequences and bytes that are easily ill-formed. */
    @Provide
    Arbitrary<byte[]> bytes() {
        Arbitrary<byte[]> pieces = Arbitraries.oneOf(
                Arbitraries.strings().ascii().ofMaxLength(12).map(s -> s.getBytes(StandardCharsets.US_ASCII)),
                Arbitraries.strings().all().ofMaxLength(4).map(s -> s.getBytes(StandardCharsets.UTF_8)),
                Arbitraries.of(0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x9F, 0xA0,
                        0x8F, 0x90).map(b -> new byte[] {(byte) (int) b}),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(4));
        return pieces.list().ofMaxSize(8).map(list -> {
            ByteBuffer out = ByteBuffer.allocate(list.stream().mapToInt(b -> b.length).sum());
            list.forEach(out::put);
            return out.array();
        });
    }

    private static boolean strictlyDecodes(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    @Property(tries = 1000)
    void agreesWithTheJdkDecoder(@ForAll("bytes") byte[] bytes, @ForAll byte fill) {
        int pad = Math.floorMod(fill, 9);
        byte[] padded = new byte[pad + bytes.length + pad];
        java.util.Arrays.fill(padded, fill);
        System.arraycopy(bytes, 0, padded, pad, bytes.length);
        assertEquals(strictlyDecodes(bytes),
                Utf8Validator.isValid(MemorySegment.ofArray(padded), pad, pad + bytes.length));
    }
}
