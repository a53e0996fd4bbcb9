// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight.sql;

import java.util.Arrays;
import java.util.Objects;

/**
 * A Substrait plan sent to a Flight SQL server (CommandStatementSubstraitPlan).
 *
 * @param plan the serialized plan
 * @param version the Substrait version the plan was written for
 */
public record SubstraitPlan(byte[] plan, String version) {
    /**
     * A plan.
     *
     * @param plan the serialized plan
     * @param version the Substrait version the plan was written for
     * @throws NullPointerException if the plan or version is null
     */
    public SubstraitPlan {
        plan = plan.clone();
        Objects.requireNonNull(version, "version");
    }

    /**
     * The serialized plan.
     *
     * @return a copy of the plan
     */
    @Override
    public byte[] plan() {
        return plan.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SubstraitPlan p && Arrays.equals(p.plan, plan) && p.version.equals(version);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(plan) * 31 + version.hashCode();
    }

    @Override
    public String toString() {
        return "SubstraitPlan[" + plan.length + " bytes, version " + version + "]";
    }
}
